// The webhook door: POST {origin}/api/hooks/<secret> starts the executable and answers its outcome (200 within
// the wait) or a result link (202); body, args, idempotency, rate and state rules as the spec's table says.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sql, TransactionSql } from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WEBHOOK_RATE_LOCK } from '@/lib/webhooks/door';
import { startExtraApp } from '../support/app';
import { exeAction } from '../support/executables';
import { testDb, uniq } from '../support/fixtures';
import { type ApiResponse, api } from '../support/http';
import { type RunWorld, runnableExe, runWorld, waitForExecution } from '../support/runs';
import { createWebhook, revokeWebhook, rotateWebhook, secretOf } from '../support/webhooks';

/** Echoes its args (saved or custom) in the message and counts runs in storage. */
const ECHO_TASK = `export default { __tickworkTask: 1, run: async (ctx) => {
  const runs = ((await ctx.storage.get('runs')) ?? 0) + 1;
  await ctx.storage.set('runs', runs);
  ctx.log.info('not in webhook responses');
  if (ctx.args.slowUrl) await ctx.fetch(ctx.args.slowUrl);
  return { canExec: false, message: JSON.stringify(ctx.args) };
} };\n`;
const SCHEMA = JSON.stringify({
  type: 'object',
  properties: { threshold: { type: 'number' }, label: { type: 'string' }, slowUrl: { type: 'string' } },
  additionalProperties: false,
});

let w: RunWorld;
let slowUrl: string;
const slow = createServer((_req, res) => setTimeout(() => res.end('ok'), 1_500));

beforeAll(async () => {
  w = await runWorld();
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
}, 60_000);
afterAll(() => slow.close());

/** An active executable with saved args {"threshold":1} and a webhook; answers the hook's path. */
async function hooked(opts: { schema?: string | null } = {}) {
  const schema = opts.schema === undefined ? SCHEMA : opts.schema;
  const exe = await runnableExe(w, ECHO_TASK, {
    ...(schema && { schema }),
    exe: { args: '{"threshold":1}' },
  });
  const hook = await createWebhook(w.token, exe.id, { name: `hook-${uniq()}` });
  expect(hook.status).toBe(201);
  return { exe, hook: hook.body.data, path: `/api/hooks/${secretOf(hook.body.data.url)}` };
}

const call = (path: string, init: { raw?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  api(path, { method: 'POST', ...init });

describe('the webhook door', () => {
  it('an empty body runs with the saved args: 200 with the outcome, storage snapshot, no logs', async () => {
    const { exe, path } = await hooked();
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.body.data).toMatchObject({
      executableId: exe.id,
      status: 'skipped',
      trigger: 'webhook',
      message: '{"threshold":1}',
      storage: { runs: 1 },
      chainId: 31337,
      txHash: null,
      error: null,
    });
    expect(res.body.data.computeUnits).toBeGreaterThanOrEqual(1);
    expect(res.text).not.toContain('not in webhook responses');
    // whitespace and {} also mean the saved args
    for (const raw of ['  \n ', '{}'])
      expect(
        (await call(path, { raw, headers: { 'content-type': 'application/json' } })).body.data.message,
      ).toBe('{"threshold":1}');
  });

  it('custom args replace the saved ones entirely and must match the schema', async () => {
    const { path } = await hooked();
    const res = await call(path, { body: { label: 'x' } });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('{"label":"x"}'); // no threshold: not merged with the saved args

    const bad = await call(path, { body: { threshold: 'high' } });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('invalid_arguments');
    expect(bad.body.details).toEqual([expect.objectContaining({ path: '/threshold' })]);
    for (const raw of ['[1]', '7', 'null', '"s"', '{"threshold":', '{"extra":true}']) {
      const refused = await call(path, { raw, headers: { 'content-type': 'application/json' } });
      expect([refused.status, refused.body.code], raw).toEqual([422, 'invalid_arguments']);
    }
  });

  it('custom args to a function without an args schema → 422 arguments_schema_missing', async () => {
    const { path } = await hooked({ schema: null });
    const res = await call(path, { body: { threshold: 2 } });
    expect([res.status, res.body.code]).toEqual([422, 'arguments_schema_missing']);
    expect((await call(path)).status).toBe(200);
  });

  it('a non-JSON body → 415; over 256 KiB → 413 body_too_large', async () => {
    const { path } = await hooked();
    const text = await call(path, { raw: 'threshold=2', headers: { 'content-type': 'text/plain' } });
    expect([text.status, text.body.code]).toEqual([415, 'unsupported_media_type']);
    const big = await call(path, { body: { label: 'x'.repeat(256 * 1024) } });
    expect([big.status, big.body.code]).toEqual([413, 'body_too_large']);
  });

  it('unknown, rotated and revoked URLs → 404; result links of a revoked webhook stop working', async () => {
    const { hook, path } = await hooked();
    expect((await call('/api/hooks/twh_unknown')).status).toBe(404);
    const accepted = await call(path, { headers: { prefer: 'respond-async' } });
    const resultUrl = new URL(accepted.body.data.resultUrl);
    const rotated = await rotateWebhook(w.token, hook.id);
    const old = await call(path);
    expect([old.status, old.body.code]).toEqual([404, 'not_found']);
    expect((await api(resultUrl.pathname)).status).not.toBe(404); // rotation keeps results readable
    const fresh = `/api/hooks/${secretOf(rotated.body.data.url)}`;
    await waitForExecution(w.token, accepted.body.data.id);
    expect((await call(fresh)).status).toBe(200);
    expect((await revokeWebhook(w.token, hook.id)).status).toBe(200);
    expect((await call(fresh)).status).toBe(404);
    expect((await api(resultUrl.pathname)).status).toBe(404);
    const forged = resultUrl.pathname.replace(/\/[^/]+$/, '/AAAA');
    expect((await api(forged)).status).toBe(404);
  });

  it('Prefer: respond-async → 202 with Location, Retry-After 2 and a result link that answers 200 once final', async () => {
    const { path } = await hooked();
    const res = await call(path, { headers: { prefer: 'respond-async' }, body: { slowUrl } });
    expect(res.status).toBe(202);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('location')).toBe(res.body.data.resultUrl);
    const link = new URL(res.body.data.resultUrl).pathname;
    // while it runs: 202 again; an executable with an unfinished execution refuses another webhook run
    const busy = await call(path);
    expect([busy.status, busy.body.code]).toEqual([409, 'execution_in_progress']);
    let result = await api(link);
    while (result.status === 202) {
      await new Promise((r) => setTimeout(r, 200));
      result = await api(link);
    }
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ id: res.body.data.id, status: 'skipped' });
  });

  it('a paused executable → 409 executable_unavailable', async () => {
    const { exe, path } = await hooked();
    await exeAction(w.token, exe.id, 'pause');
    const res = await call(path);
    expect([res.status, res.body.code]).toEqual([409, 'executable_unavailable']);
  });

  it('Idempotency-Key: the same args replay the same execution; other args → 409 idempotency_conflict', async () => {
    const { path } = await hooked();
    const key = { 'idempotency-key': `k-${uniq()}` };
    const first = await call(path, { body: { threshold: 3 }, headers: key });
    const again = await call(path, { body: { threshold: 3 }, headers: key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    const other = await call(path, { body: { threshold: 4 }, headers: key });
    expect([other.status, other.body.code]).toEqual([409, 'idempotency_conflict']);
    const tooLong = await call(path, { headers: { 'idempotency-key': 'k'.repeat(129) } });
    expect(tooLong.status).toBe(400);
  });

  it('more than 60 new executions a minute on one URL → 429 rate_limited with Retry-After', async () => {
    const { exe, hook, path } = await hooked();
    await seedFinished(exe.id, hook.id, 60);
    const res = await call(path);
    expect([res.status, res.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('a call waits for a count-and-insert of the same URL in flight elsewhere, then counts its execution', async () => {
    const { exe, hook, path } = await hooked();
    await seedFinished(exe.id, hook.id, 59);
    // stand in for another instance between its count (59) and its insert's commit: hold the URL's lock
    let pending: Promise<ApiResponse> | undefined;
    await testDb().$sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${WEBHOOK_RATE_LOCK}, hashtext(${hook.id}))`;
      pending = call(path);
      const first = await Promise.race([
        pending.then(() => 'answered'),
        new Promise((r) => setTimeout(() => r('waiting'), 1_000)),
      ]);
      expect(first).toBe('waiting');
      await seedFinished(exe.id, hook.id, 1, tx);
    });
    const res = await (pending as Promise<ApiResponse>);
    expect([res.status, res.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('the 60 a minute hold exactly while calls race on two app instances', async () => {
    const { exe, hook, path } = await hooked();
    await seedFinished(exe.id, hook.id, 56);
    const extra = await startExtraApp({});
    try {
      // rounds of six concurrent calls, three on each instance: one may start a run (it answers once the fast
      // task ends), the others meet it (409 execution_in_progress) or the limit (429), until only 429s are left
      const bases = [inject('baseUrl'), extra.baseUrl];
      const started: string[] = [];
      for (let round = 0; round < 40; round++) {
        const answers = await Promise.all(
          [0, 1, 2, 3, 4, 5].map((i) => api(path, { method: 'POST', baseUrl: bases[i % 2] })),
        );
        for (const res of answers) expect([200, 409, 429], res.text).toContain(res.status);
        started.push(...answers.filter((res) => res.status === 200).map((res) => res.body.data.id));
        if (answers.every((res) => res.status === 429)) {
          expect(Number(answers[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          break;
        }
      }
      expect(started).toHaveLength(4);
      const [{ n }] = await testDb()
        .$sql`select count(*)::int as n from executions where webhook_id = ${hook.id}`;
      expect(n).toBe(60);
    } finally {
      await extra.stop();
    }
  }, 60_000);
});

/** `n` finished webhook executions of the URL in the last minute. */
async function seedFinished(
  executableId: string,
  webhookId: string,
  n: number,
  sql: Sql | TransactionSql = testDb().$sql,
) {
  await sql`
    insert into executions (id, workspace_id, project_id, executable_id, function_id, trigger, webhook_id, chain_id,
                            scheduled_at, status, created_at)
    select 'exn_' || to_char(clock_timestamp(), 'YYYYMMDDHH24MISSUS') || lpad(g::text, 3, '0'),
           workspace_id, project_id, id, function_id, 'webhook', ${webhookId}, 31337, now(), 'skipped', now()
      from executables, generate_series(1, ${n}::int) g where id = ${executableId}`;
}
