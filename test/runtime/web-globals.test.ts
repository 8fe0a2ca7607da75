import { describe, expect, it, vi } from 'vitest';
import { releaseLimitOverrides } from '@/lib/runtime/runners';
import { DEFAULT_TASK_LIMITS } from '@/lib/runtime/task-runner';
import type { HostFetchResponse, TaskHost, TaskInput } from '@/lib/runtime/task-types';
import { runTask } from '../support/runner-under-test';

// The web globals HTTP clients (ky, axios, ethers v6) need in the isolate (lib/runtime/polyfills.ts), the guest
// fetch taking a Request and answering a Response, and the requests-remaining chain method.

const task = (body: string) => `export default { __tickworkTask: 1, async run(ctx) {\n${body}\n} };`;

const input = (source: string): TaskInput => ({
  source,
  args: {},
  storage: {},
  secrets: {},
  chainId: 31337,
  execution: {
    id: 'exn_web',
    executableId: 'exe_web',
    sender: '0x0000000000000000000000000000000000000001',
    trigger: 'manual',
    scheduledAt: '2026-01-01T00:00:00.000Z',
    dryRun: false,
  },
});

function host(answer: Partial<HostFetchResponse> = {}) {
  return {
    chainRequest: vi.fn(async () => '0x1'),
    fetch: vi.fn(async (url: string) => ({
      status: 200,
      statusText: 'OK',
      url,
      headers: [['Content-Type', 'application/json']] as [string, string][],
      body: '{"price":42}',
      ...answer,
    })),
  } satisfies TaskHost;
}

/** Runs `body` and answers the JSON of what it returns as its message. */
async function evaluate(body: string, h: TaskHost = host()) {
  const outcome = await runTask(
    input(task(`return { canExec: false, message: JSON.stringify(await (async () => {\n${body}\n})()) };`)),
    h,
  );
  if (outcome.kind !== 'skip') throw new Error(`expected a skip, got ${JSON.stringify(outcome)}`);
  return JSON.parse(outcome.message ?? 'null');
}

describe('URL and URLSearchParams', () => {
  it('parse, resolve and serialise like the web platform', async () => {
    const got = await evaluate(`
      const u = new URL('HTTPS://User:pw@Example.COM:443/a/./b/../c?x=1&y=a+b#frag');
      const rel = new URL('../d?q=2', 'http://h.test:8080/p/q/r');
      const abs = new URL('/root', 'http://h.test/p/');
      u.searchParams.append('z', 'ü &');
      const p = new URLSearchParams({ b: '2', a: '1' });
      p.sort();
      let invalid = '';
      try { new URL('/relative'); } catch (e) { invalid = e.constructor.name; }
      return [u.href, u.origin, u.host, u.username, u.pathname, u.search, u.hash, u.searchParams.get('y'),
        rel.href, abs.href, p.toString(), [...new URLSearchParams('?k=1&k=2').getAll('k')], invalid,
        URL.canParse('nope'), String(new URL('http://x.test'))];
    `);
    expect(got).toEqual([
      'https://User:pw@example.com/a/c?x=1&y=a+b&z=%C3%BC+%26#frag',
      'https://example.com',
      'example.com',
      'User',
      '/a/c',
      '?x=1&y=a+b&z=%C3%BC+%26',
      '#frag',
      'a b',
      'http://h.test:8080/p/d?q=2',
      'http://h.test/root',
      'a=1&b=2',
      ['1', '2'],
      'TypeError',
      false,
      'http://x.test/',
    ]);
  });
});

describe('Headers, Request, Response and AbortController', () => {
  it('behave as fetch clients expect', async () => {
    const got = await evaluate(`
      const h = new Headers({ 'X-A': '1' });
      h.append('x-a', '2');
      const req = new Request('https://api.test/v1', { method: 'post', headers: h, body: JSON.stringify({ n: 1 }) });
      const copy = new Request(req, { headers: { accept: 'text/plain' } });
      const res = new Response('{"ok":true}', { status: 201, headers: [['content-type', 'application/json']] });
      const clone = res.clone();
      const ac = new AbortController();
      let heard = null;
      ac.signal.addEventListener('abort', () => { heard = ac.signal.reason.name; });
      ac.abort();
      let reused = '';
      await res.text();
      try { await res.text(); } catch (e) { reused = e.constructor.name; }
      let badName = '';
      try { new Headers({ 'bad name': 'x' }); } catch (e) { badName = e.constructor.name; }
      return [h.get('x-a'), [...h.keys()], req.method, req.url, await req.clone().json(), copy.method, copy.headers.get('accept'),
        await copy.text(), res.status, res.ok, await clone.json(), Response.json({ a: 1 }).headers.get('content-type'),
        heard, AbortSignal.abort().aborted, reused, badName, req instanceof Request, typeof DOMException];
    `);
    expect(got).toEqual([
      '1, 2',
      ['x-a'],
      'POST',
      'https://api.test/v1',
      { n: 1 },
      'POST',
      'text/plain',
      '{"n":1}',
      201,
      true,
      { ok: true },
      'application/json',
      'AbortError',
      true,
      'TypeError',
      'TypeError',
      true,
      'function',
    ]);
  });
});

describe('fetch with web globals', () => {
  it('takes a Request (method, headers and body cross to the host) and answers a Response', async () => {
    const h = host();
    const got = await evaluate(
      `
      const res = await fetch(new Request('https://api.test/report', {
        method: 'POST', headers: new Headers({ 'content-type': 'application/json' }), body: '{"p":1}' }));
      const form = await fetch('https://api.test/form', { method: 'POST', body: new URLSearchParams({ a: 'b c' }) });
      const bytes = await fetch('https://api.test/bytes', { method: 'PUT', body: new TextEncoder().encode('hé'), headers: [['x-k', 'v']] });
      return [res instanceof Response, res.url, res.headers.get('content-type'), await res.clone().json(), (await res.arrayBuffer()).byteLength,
        form.ok, bytes.status];
    `,
      h,
    );
    expect(got).toEqual([true, 'https://api.test/report', 'application/json', { price: 42 }, 12, true, 200]);
    expect(h.fetch.mock.calls).toEqual([
      [
        'https://api.test/report',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"p":1}' },
      ],
      [
        'https://api.test/form',
        {
          method: 'POST',
          body: 'a=b+c',
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        },
      ],
      ['https://api.test/bytes', { method: 'PUT', headers: { 'x-k': 'v' }, body: 'hé' }],
    ]);
  });

  it('rejects with the reason of an aborted signal and refuses unsupported bodies', async () => {
    const h = host();
    const got = await evaluate(
      `
      const out = [];
      try { await fetch('https://api.test/x', { signal: AbortSignal.abort() }); } catch (e) { out.push(e.name); }
      try { await fetch('https://api.test/x', { method: 'POST', body: { a: 1 } }); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
      return out;
    `,
      h,
    );
    expect(got).toEqual([
      'AbortError',
      'TypeError: fetch: init.body must be a string, URLSearchParams or bytes',
    ]);
    expect(h.fetch).not.toHaveBeenCalled();
  });
});

describe('tickwork_rpcRequestsRemaining', () => {
  it('answers the requests left in the run without counting itself', async () => {
    const h = host();
    const outcome = await runTask(
      input(
        task(`await ctx.chain.request({ method: 'eth_blockNumber' });
        const left = await ctx.chain.request({ method: 'tickwork_rpcRequestsRemaining' });
        return { canExec: false, message: String(left) };`),
      ),
      h,
      { maxRpcRequests: 7 },
    );
    expect(outcome).toMatchObject({ kind: 'skip', message: '6', rpcRequests: 1 });
  });
});

describe('release limits', () => {
  it('lower the defaults and never raise them', () => {
    expect(releaseLimitOverrides({ timeoutMs: 5_000, memoryMb: 64 })).toEqual({
      timeoutMs: 5_000,
      memoryMb: 64,
    });
    expect(releaseLimitOverrides({ timeoutMs: 10 ** 9, memoryMb: 4096 })).toEqual({
      timeoutMs: DEFAULT_TASK_LIMITS.timeoutMs,
      memoryMb: DEFAULT_TASK_LIMITS.memoryMb,
    });
    expect(releaseLimitOverrides(null)).toEqual({});
  });
});
