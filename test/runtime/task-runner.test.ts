import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TASK_LIMITS, type TaskLimits } from '@/lib/runtime/task-runner';
import { ChainRequestError, type TaskHost, type TaskInput, type TaskOutcome } from '@/lib/runtime/task-types';
import { bundledTask } from '../support/bundles';
import { runTask } from '../support/runner-under-test';

// Unit tests of the isolate runner: task sources inline, fake host bridges.

const SECRET = 'sk-live-0123456789abcdef';
const DEAD = '0x000000000000000000000000000000000000dEaD';

/** A bundle whose task runs `body` as the inside of `async run(ctx) { … }`. */
const task = (body: string) => `export default { __tickworkTask: 1, async run(ctx) {\n${body}\n} };`;

function input(source: string, over: Partial<TaskInput> = {}): TaskInput {
  return {
    source,
    args: { threshold: 5 },
    storage: { counter: 1, nested: { a: [1, 2] } },
    secrets: { API_KEY: SECRET, SHORT: 'abc' },
    chainId: 31337,
    execution: {
      id: 'exn_test',
      executableId: 'exe_test',
      sender: '0x0000000000000000000000000000000000000001',
      trigger: 'manual',
      scheduledAt: '2026-01-01T00:00:00.000Z',
      dryRun: false,
    },
    ...over,
  };
}

function fakeHost(over: Partial<TaskHost> = {}): TaskHost {
  return {
    chainRequest: vi.fn(async (method: string) => {
      if (method === 'eth_chainId') return '0x7a69';
      throw new ChainRequestError(-32601, `method ${method} not found`, { method });
    }),
    fetch: vi.fn(async (url: string) => ({
      status: 200,
      statusText: 'OK',
      url,
      headers: [['Content-Type', 'application/json']] as [string, string][],
      body: JSON.stringify({ price: 42 }),
    })),
    ...over,
  };
}

const run = (
  body: string,
  opts: { over?: Partial<TaskInput>; host?: TaskHost; limits?: Partial<TaskLimits> } = {},
) => runTask(input(task(body), opts.over), opts.host ?? fakeHost(), opts.limits);

function errorOf(outcome: TaskOutcome) {
  if (outcome.kind !== 'error') throw new Error(`expected an error outcome, got ${JSON.stringify(outcome)}`);
  return outcome.error;
}

function callsOf(outcome: TaskOutcome) {
  if (outcome.kind !== 'exec') throw new Error(`expected an exec outcome, got ${JSON.stringify(outcome)}`);
  return outcome.calls;
}

describe('runTask results', () => {
  it('skips with the message and sees args, chain id and execution', async () => {
    const outcome = await run(`
      if (ctx.args.threshold !== 5 || ctx.chain.id !== 31337 || ctx.execution.id !== 'exn_test') throw new Error('bad ctx');
      return { canExec: false, message: 'nothing to do (' + ctx.execution.trigger + ')' };`);
    expect(outcome).toMatchObject({ kind: 'skip', message: 'nothing to do (manual)', storageChanged: false });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('skips without a message as null', async () => {
    expect(await run('return { canExec: false };')).toMatchObject({ kind: 'skip', message: null });
  });

  it('executes calls with the value as bigint, decimal or hex and normalises address and data', async () => {
    const outcome = await run(`return { canExec: true, message: 'go', calls: [
      { to: '${DEAD.toLowerCase()}', data: '0xABCD', value: 10n ** 18n },
      { to: '${DEAD.toUpperCase().replace('0X', '0x')}', data: '0x', value: '123' },
      { to: '${DEAD}', data: '0x00', value: '0xff' },
      { to: '${DEAD}', data: '0x01' },
    ] };`);
    expect(outcome).toMatchObject({ kind: 'exec', message: 'go' });
    expect(callsOf(outcome)).toEqual([
      { to: DEAD, data: '0xabcd', value: '1000000000000000000' },
      { to: DEAD, data: '0x', value: '123' },
      { to: DEAD, data: '0x00', value: '255' },
      { to: DEAD, data: '0x01', value: '0' },
    ]);
  });

  it('accepts a synchronous run and truncates a long message to 1 KiB', async () => {
    const source = `export default { __tickworkTask: 1, run: () => ({ canExec: false, message: 'x'.repeat(5000) }) };`;
    const outcome = await runTask(input(source), fakeHost());
    expect(outcome.kind).toBe('skip');
    const message = (outcome as { message: string }).message;
    expect(Buffer.byteLength(message)).toBeLessThanOrEqual(1024);
    expect(message.endsWith('…')).toBe(true);
  });

  it.each([
    ['canExec missing', `return { calls: [] };`, 'canExec must be true or false'],
    ['nothing returned', `return;`, 'the result must be an object'],
    [
      'a bad address',
      `return { canExec: true, calls: [{ to: '0x1234', data: '0x' }] };`,
      'calls[0].to must be',
    ],
    [
      'odd-length data',
      `return { canExec: true, calls: [{ to: '${DEAD}', data: '0xabc' }] };`,
      'calls[0].data',
    ],
    ['empty calls', `return { canExec: true, calls: [] };`, 'calls must hold at least one call'],
    ['calls missing', `return { canExec: true };`, 'calls must be an array'],
    [
      '51 calls',
      `return { canExec: true, calls: Array.from({ length: 51 }, () => ({ to: '${DEAD}', data: '0x' })) };`,
      'calls must hold at most 50 calls',
    ],
    [
      'a negative value',
      `return { canExec: true, calls: [{ to: '${DEAD}', data: '0x' }, { to: '${DEAD}', data: '0x', value: -1n }] };`,
      'calls[1].value must not be negative',
    ],
    [
      'a number value',
      `return { canExec: true, calls: [{ to: '${DEAD}', data: '0x', value: 1 }] };`,
      'calls[0].value',
    ],
    [
      'a value over 256 bits',
      `return { canExec: true, calls: [{ to: '${DEAD}', data: '0x', value: 2n ** 256n }] };`,
      'fit in 256 bits',
    ],
    ['a circular result', `const r = { canExec: false }; r.self = r; return r;`, 'cannot be serialized'],
  ])('refuses a result with %s as invalid_result', async (_name, body, message) => {
    const error = errorOf(await run(body));
    expect(error.code).toBe('invalid_result');
    expect(error.message).toContain(message);
  });

  it('answers not_a_task when the default export is not a task', async () => {
    for (const source of ['export default { run() {} };', 'export const run = () => ({ canExec: false });']) {
      expect(errorOf(await runTask(input(source), fakeHost())).code).toBe('not_a_task');
    }
  });

  it('answers load_failed when index.js does not compile, imports or throws at load', async () => {
    for (const [source, message] of [
      ['export default {', 'does not compile'],
      ['import { x } from "viem"; export default x;', 'imports are not available'],
      ['throw new Error("load boom"); export default 1;', 'failed to evaluate: load boom'],
    ]) {
      const error = errorOf(await runTask(input(source), fakeHost()));
      expect(error).toMatchObject({ code: 'load_failed' });
      expect(error.message).toContain(message);
    }
  });

  it('answers task_threw with the message, also for thrown non-errors', async () => {
    expect(errorOf(await run(`throw new RangeError('out of range');`))).toEqual({
      code: 'task_threw',
      message: 'the task threw: out of range',
    });
    expect(errorOf(await run(`throw 'plain string';`)).message).toBe('the task threw: plain string');
    const long = errorOf(await run(`throw new Error('y'.repeat(10000));`));
    expect(Buffer.byteLength(long.message)).toBeLessThanOrEqual(1024);
  });
});

describe('runTask storage', () => {
  it('commits set and delete and reports the change', async () => {
    const outcome = await run(`
      await ctx.storage.set('counter', (await ctx.storage.get('counter')) + 1);
      await ctx.storage.set('list', [1, 'two', { three: null }]);
      await ctx.storage.delete('nested');
      const all = await ctx.storage.getAll();
      return { canExec: false, message: JSON.stringify(all) };`);
    expect(outcome).toMatchObject({
      kind: 'skip',
      storageChanged: true,
      storage: { counter: 2, list: [1, 'two', { three: null }] },
      message: JSON.stringify({ counter: 2, list: [1, 'two', { three: null }] }),
    });
    expect(outcome.storage).not.toHaveProperty('nested');
  });

  it('reports no change when nothing was written, or the same value was written back', async () => {
    const untouched = await run(
      `await ctx.storage.get('counter'); await ctx.storage.delete('absent'); return { canExec: false };`,
    );
    expect(untouched).toMatchObject({
      storageChanged: false,
      storage: { counter: 1, nested: { a: [1, 2] } },
    });
    const rewritten = await run(`await ctx.storage.set('nested', { a: [1, 2] }); return { canExec: false };`);
    expect(rewritten).toMatchObject({
      storageChanged: false,
      storage: { counter: 1, nested: { a: [1, 2] } },
    });
  });

  it('hands out copies: changing a value read from storage does not change storage', async () => {
    const outcome = await run(`
      const nested = await ctx.storage.get('nested'); nested.a.push(3);
      return { canExec: false, message: JSON.stringify(await ctx.storage.get('nested')) };`);
    expect(outcome).toMatchObject({ message: '{"a":[1,2]}', storageChanged: false });
  });

  it('rejects non-JSON values with a TypeError', async () => {
    const outcome = await run(`
      const failures = [];
      for (const value of [() => 1, undefined, 1n, { deep: [NaN] }, new Date(), Symbol('s')]) {
        try { await ctx.storage.set('bad', value); failures.push('stored'); }
        catch (error) { failures.push(error instanceof TypeError ? 'TypeError' : String(error)); }
      }
      return { canExec: false, message: failures.join(',') };`);
    expect(outcome).toMatchObject({
      kind: 'skip',
      message: Array(6).fill('TypeError').join(','),
      storageChanged: false,
    });
  });

  it('answers storage_too_large past the limit and keeps the storage as it was', async () => {
    const outcome = await run(`await ctx.storage.set('blob', 'z'.repeat(2000)); return { canExec: false };`, {
      limits: { maxStorageBytes: 1024 },
    });
    expect(errorOf(outcome).code).toBe('storage_too_large');
    expect(outcome).toMatchObject({ storageChanged: false, storage: { counter: 1 } });
  });
});

describe('runTask secrets and logs', () => {
  it('gives bound secrets and redacts them from logs and errors', async () => {
    const outcome = await run(`
      const key = await ctx.secrets.get('API_KEY');
      ctx.log.info('key is', key, { nested: key });
      console.log('short secrets stay:', await ctx.secrets.get('SHORT'), String(await ctx.secrets.get('MISSING')));
      throw new Error('request with ' + key + ' failed');`);
    expect(errorOf(outcome)).toEqual({
      code: 'task_threw',
      message: 'the task threw: request with [redacted] failed',
    });
    expect(outcome.logs.map((l) => l.message)).toEqual([
      'key is [redacted] {"nested":"[redacted]"}',
      'short secrets stay: abc undefined',
    ]);
    expect(JSON.stringify(outcome)).not.toContain(SECRET);
  });

  it('getAll answers every bound secret as a copy', async () => {
    const outcome = await run(`
      const all = await ctx.secrets.getAll();
      all.SHORT = 'changed';
      const again = await ctx.secrets.getAll();
      return { canExec: false, message: Object.keys(again).sort().join(',') + ' ' + again.SHORT + ' ' + (all.API_KEY === await ctx.secrets.get('API_KEY')) };`);
    expect(outcome).toMatchObject({ kind: 'skip', message: 'API_KEY,SHORT abc true' });
  });

  it('redacts a secret that appears JSON-escaped inside a logged object', async () => {
    const quoted = 'pa"ss\\word\n2';
    const outcome = await run(
      `ctx.log.info({ token: await ctx.secrets.get('QUOTED') }); return { canExec: false };`,
      {
        over: { secrets: { QUOTED: quoted } },
      },
    );
    expect(outcome.logs[0]?.message).toBe('{"token":"[redacted]"}');
  });

  it('redacts a secret cut by the message limit', async () => {
    const outcome = await run(
      `ctx.log.info('x'.repeat(4090) + await ctx.secrets.get('API_KEY')); return { canExec: false };`,
    );
    expect(JSON.stringify(outcome)).not.toContain(SECRET.slice(0, 6));
  });

  it('keeps log order and levels across ctx.log and console, with ISO timestamps', async () => {
    const outcome = await run(`
      console.log('one', 2, { three: 3n }, [4]);
      ctx.log.debug('two');
      console.warn('three');
      ctx.log.error(new Error('four'));
      console.info(null, undefined, true);
      return { canExec: false };`);
    expect(outcome.logs.map(({ level, message }) => [level, message.split('\n')[0]])).toEqual([
      ['info', 'one 2 {"three":"3"} [4]'],
      ['debug', 'two'],
      ['warn', 'three'],
      ['error', 'Error: four'],
      ['info', 'null undefined true'],
    ]);
    for (const line of outcome.logs) expect(new Date(line.at).toISOString()).toBe(line.at);
  });

  it('caps the lines and their size, and says how many were dropped', async () => {
    const outcome = await run(`
      ctx.log.info('é'.repeat(5000));
      for (let i = 1; i < 600; i++) ctx.log.info('line ' + i);
      return { canExec: false };`);
    expect(outcome.logs).toHaveLength(DEFAULT_TASK_LIMITS.maxLogLines + 1);
    expect(Buffer.byteLength(outcome.logs[0]?.message ?? '')).toBeLessThanOrEqual(4096);
    expect(outcome.logs[499]?.message).toBe('line 499');
    expect(outcome.logs[500]).toMatchObject({
      level: 'warn',
      message: expect.stringContaining('100 more log lines'),
    });
  });

  it('keeps the lines written before a limit stopped the run', async () => {
    const outcome = await run(`ctx.log.info('before'); while (true) {}`, { limits: { timeoutMs: 300 } });
    expect(errorOf(outcome).code).toBe('task_timeout');
    expect(outcome.logs.map((l) => l.message)).toEqual(['before']);
  });
});

describe('runTask limits', () => {
  it('takes the default wall limit from TICKWORK_TASK_TIMEOUT_MS', async () => {
    vi.stubEnv('TICKWORK_TASK_TIMEOUT_MS', '1234');
    vi.resetModules();
    try {
      const fresh = await import('@/lib/runtime/task-runner');
      expect(fresh.DEFAULT_TASK_LIMITS.timeoutMs).toBe(1234);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(DEFAULT_TASK_LIMITS.timeoutMs).toBe(30_000);
  });

  it('stops an infinite synchronous loop at the wall limit', async () => {
    const outcome = await run('while (true) {}', { limits: { timeoutMs: 300 } });
    expect(errorOf(outcome)).toEqual({
      code: 'task_timeout',
      message: 'the task ran longer than its 0.3 s limit',
    });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    // Generous: a loaded machine (or gVisor's ptrace) can be late to stop it. The message says the runner's own
    // limit stopped it (not the gVisor host's kill past a grace), and 5 s is far below the default 30 s limit.
    expect(outcome.durationMs).toBeLessThan(5_000);
  });

  it('stops an infinite loop that starts after an await', async () => {
    const outcome = await run(`await ctx.chain.request({ method: 'eth_chainId' }); while (true) {}`, {
      limits: { timeoutMs: 300 },
    });
    expect(errorOf(outcome)).toEqual({
      code: 'task_timeout',
      message: 'the task ran longer than its 0.3 s limit',
    });
    expect(outcome.durationMs).toBeLessThan(5_000); // generous, as above
  });

  it('stops a run that never settles and a loop at module load', async () => {
    const pending = await run('await new Promise(() => {});', { limits: { timeoutMs: 300 } });
    expect(errorOf(pending).code).toBe('task_timeout');
    const atLoad = await runTask(input('while (true) {} export default 1;'), fakeHost(), { timeoutMs: 300 });
    expect(errorOf(atLoad).code).toBe('task_timeout');
  });

  it('ends a memory bomb as task_memory_limit, and the next run works', async () => {
    const bomb = await run('const hoard = []; while (true) hoard.push(new Array(1e6).fill(Math.random()));');
    expect(errorOf(bomb)).toEqual({
      code: 'task_memory_limit',
      message: 'the task used more than its 128 MB memory limit',
    });
    expect(await run('return { canExec: false, message: "fine" };')).toMatchObject({
      kind: 'skip',
      message: 'fine',
    });
  });

  it('offers timers and fetch but no fs or process', async () => {
    const outcome = await run(
      `return { canExec: false, message: [typeof setTimeout, typeof setInterval, typeof require, typeof process, typeof globalThis.fetch].join() };`,
    );
    expect(outcome).toMatchObject({ message: 'function,function,undefined,undefined,function' });
  });
});

describe('runTask timers', () => {
  it('resolves a promise after setTimeout, passing the extra arguments', async () => {
    const outcome = await run(`
      const started = Date.now();
      const value = await new Promise((resolve) => setTimeout(resolve, 50, 'woken'));
      return { canExec: false, message: value + ' ' + (Date.now() - started >= 45) };`);
    expect(outcome).toMatchObject({ kind: 'skip', message: 'woken true' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(45);
  });

  it('cancels with clearTimeout and clearInterval, and fires the rest in delay order', async () => {
    const outcome = await run(`
      const fired = [];
      const cancelled = setTimeout(() => fired.push('cancelled'), 10);
      setTimeout(() => fired.push('late'), 40);
      setTimeout(() => fired.push('early'), 20);
      clearTimeout(cancelled);
      let ticks = 0;
      const ticked = new Promise((resolve) => {
        const interval = setInterval(() => { if (++ticks === 3) { clearInterval(interval); resolve(); } }, 5);
      });
      clearTimeout(undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await ticked;
      const afterClear = ticks;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { canExec: false, message: fired.join() + ' ' + afterClear + ' ' + ticks };`);
    // Waits for events, not a wall-clock window: the 'cancelled' timer would have fired before 'late' (10 < 40 ms),
    // and a cleared interval ticks no more however slowly the runner's timers run.
    expect(outcome).toMatchObject({ kind: 'skip', message: 'early,late 3 3' });
  });

  it('retries a failing chain request after a setTimeout backoff, as viem does', async () => {
    let calls = 0;
    const host = fakeHost({
      chainRequest: vi.fn(async () => {
        if (++calls === 1) throw new ChainRequestError(-32603, 'the chain RPC is unavailable');
        return '0x7a69';
      }),
    });
    // viem's withRetry: on a retryable error, wait ~~(1 << attempt) * retryDelay ms and try again.
    const outcome = await run(
      `
      const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const withRetry = async (fn, { retryCount = 3, retryDelay = 20 } = {}) => {
        for (let attempt = 0; ; attempt++) {
          try { return await fn(); }
          catch (error) {
            if (attempt >= retryCount || error.code !== -32603) throw error;
            await wait(~~(1 << attempt) * retryDelay);
          }
        }
      };
      const id = await withRetry(() => ctx.chain.request({ method: 'eth_chainId' }));
      return { canExec: false, message: id };`,
      { host },
    );
    expect(outcome).toMatchObject({ kind: 'skip', message: '0x7a69', rpcRequests: 2 });
  });

  it("lets viem's custom(ctx.chain) transport retry with its default settings", async () => {
    let calls = 0;
    const host = fakeHost({
      chainRequest: vi.fn(async () => {
        if (++calls === 1) throw new ChainRequestError(-32603, 'the chain RPC is unavailable');
        return '0x7a69';
      }),
    });
    const source = await bundledTask(`
      import { createPublicClient, custom } from 'viem';
      export default { __tickworkTask: 1, async run(ctx) {
        const client = createPublicClient({ transport: custom(ctx.chain) });
        return { canExec: false, message: String(await client.getChainId()) };
      } };`);
    const outcome = await runTask(input(source), host);
    expect(outcome).toMatchObject({ kind: 'skip', message: '31337', rpcRequests: 2 });
  });

  it('ends an endless setInterval in a task that never settles as task_timeout at the limit', async () => {
    const outcome = await run(
      `let ticks = 0; setInterval(() => { ticks++; }, 1); await new Promise(() => {});`,
      { limits: { timeoutMs: 300 } },
    );
    expect(errorOf(outcome)).toEqual({
      code: 'task_timeout',
      message: 'the task ran longer than its 0.3 s limit',
    });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    expect(outcome.durationMs).toBeLessThan(5_000); // generous: see 'stops an infinite synchronous loop'
  });

  it('does not fire a timer past the wall limit, nor hold the run open', async () => {
    const outcome = await run(
      `setTimeout(() => ctx.log.info('fired'), 60_000); await new Promise(() => {});`,
      { limits: { timeoutMs: 200 } },
    );
    expect(errorOf(outcome)).toEqual({
      code: 'task_timeout',
      message: 'the task ran longer than its 0.2 s limit',
    });
    expect(outcome.logs).toEqual([]);
    // generous (see 'stops an infinite synchronous loop'), and far below the timer's 60 s
    expect(outcome.durationMs).toBeLessThan(5_000);
  });

  it('ends the run when the task settles: waiting timers are dropped and never fire', async () => {
    const fetched = vi.fn(async (url: string) => ({
      status: 200,
      statusText: 'OK',
      url,
      headers: [],
      body: '',
    }));
    const outcome = await run(
      `
      setTimeout(() => ctx.fetch('https://example.com/after'), 50);
      setInterval(() => ctx.fetch('https://example.com/tick'), 20);
      return { canExec: false };`,
      { host: fakeHost({ fetch: fetched }) },
    );
    expect(outcome).toMatchObject({ kind: 'skip', fetchRequests: 0 });
    // Many times the timers' delays, so that even a slow machine would have fired them by now, had they been kept.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(fetched).not.toHaveBeenCalled();
  });

  it('fails the run when a timer callback throws', async () => {
    const outcome = await run(`
      setTimeout(() => { throw new Error('boom in ' + 'a timer'); }, 5);
      await new Promise(() => {});`);
    expect(errorOf(outcome)).toEqual({
      code: 'task_threw',
      message: 'the task threw: boom in a timer (in a timer callback)',
    });
  });

  it('refuses timers past the cap with a clear error, and takes only functions', async () => {
    const outcome = await run(
      `
      const messages = [];
      for (let i = 0; i < 4; i++) {
        try { setTimeout(() => {}, 10_000); } catch (error) { messages.push(error.name + ': ' + error.message); }
      }
      try { setTimeout('code as a string', 1); } catch (error) { messages.push(error.name + ': ' + error.message); }
      return { canExec: false, message: messages.join(' / ') };`,
      { limits: { maxPendingTimers: 3 } },
    );
    expect(outcome).toMatchObject({
      kind: 'skip',
      message:
        'RangeError: setTimeout: at most 3 timers can wait at once; clear the ones no longer needed / TypeError: setTimeout: the callback must be a function',
    });
  });
});

describe('runTask bridges', () => {
  it('passes chain requests to the host and counts them', async () => {
    const host = fakeHost();
    const outcome = await run(
      `
      const id = await ctx.chain.request({ method: 'eth_chainId' });
      return { canExec: false, message: id };`,
      { host },
    );
    expect(outcome).toMatchObject({ kind: 'skip', message: '0x7a69', rpcRequests: 1 });
    expect(host.chainRequest).toHaveBeenCalledWith('eth_chainId', undefined);
  });

  it('rejects inside the task with an EIP-1193 error carrying code and data', async () => {
    const outcome = await run(`
      try { await ctx.chain.request({ method: 'eth_nope', params: [1] }); }
      catch (error) { return { canExec: false, message: [error instanceof Error, error.code, error.message, JSON.stringify(error.data)].join('|') }; }`);
    expect(outcome).toMatchObject({ message: 'true|-32601|method eth_nope not found|{"method":"eth_nope"}' });
  });

  it('refuses chain requests past the limit with -32005', async () => {
    const outcome = await run(
      `
      for (let i = 0; i < 3; i++) await ctx.chain.request({ method: 'eth_chainId' });
      try { await ctx.chain.request({ method: 'eth_chainId' }); }
      catch (error) { return { canExec: false, message: error.code + ' ' + error.message }; }`,
      {
        limits: { maxRpcRequests: 3 },
      },
    );
    expect(outcome).toMatchObject({ message: '-32005 request limit reached', rpcRequests: 3 });
  });

  it('keeps copying bridge answers when the task pollutes Object.prototype', async () => {
    const outcome = await run(`
      Object.prototype.reference = true;
      Object.prototype.result = { reference: true };
      const id = await ctx.chain.request({ method: 'eth_chainId' });
      ctx.log.info('still logging');
      delete Object.prototype.reference;
      delete Object.prototype.result;
      return { canExec: false, message: typeof id + ' ' + id };`);
    expect(outcome).toMatchObject({
      kind: 'skip',
      message: 'string 0x7a69',
      logs: [{ message: 'still logging' }],
    });
  });

  it('survives bridge calls still pending when the run ends', async () => {
    const slow = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 100));
    const host = fakeHost({
      chainRequest: vi.fn(() => slow('0x1')),
      fetch: vi.fn((url: string) => slow({ status: 200, statusText: 'OK', url, headers: [], body: '' })),
    });
    const outcome = await run(
      `ctx.fetch('https://example.com'); ctx.chain.request({ method: 'eth_chainId' }); return { canExec: false };`,
      {
        host,
      },
    );
    expect(outcome).toMatchObject({ kind: 'skip', rpcRequests: 1, fetchRequests: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it('fetches through the host and gives a Response-like object', async () => {
    const host = fakeHost();
    const outcome = await run(
      `
      const res = await fetch('https://api.example.com/price', { method: 'POST', headers: { 'x-n': 1 }, body: '{}' });
      const body = await res.json();
      return { canExec: false, message: [res.ok, res.status, res.url, res.headers.get('content-type'), body.price].join() };`,
      {
        host,
      },
    );
    expect(outcome).toMatchObject({
      message: 'true,200,https://api.example.com/price,application/json,42',
      fetchRequests: 1,
    });
    expect(host.fetch).toHaveBeenCalledWith('https://api.example.com/price', {
      method: 'POST',
      headers: { 'x-n': '1' },
      body: '{}',
    });
  });

  it('rejects a failed fetch with a TypeError and refuses fetches past the limit', async () => {
    const host = fakeHost({ fetch: vi.fn(async () => Promise.reject(new Error('fetch: host refused'))) });
    const outcome = await run(
      `
      const messages = [];
      for (let i = 0; i < 3; i++) {
        try { await ctx.fetch('https://example.com'); } catch (error) { messages.push(error.name + ': ' + error.message); }
      }
      return { canExec: false, message: messages.join(' / ') };`,
      { host, limits: { maxFetchRequests: 2 } },
    );
    expect(outcome).toMatchObject({
      message:
        'TypeError: fetch: host refused / TypeError: fetch: host refused / TypeError: fetch limit reached (at most 2 per run)',
      fetchRequests: 2,
    });
  });
});
