// The callback workflow on both providers: the Inngest function (run-callback) through @inngest/test and the
// embedded runner, on the app's real database. Exactly once: a second job of the same callback does nothing.
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getDb } from '@/db/client';
import { executions } from '@/db/schema';
import { newId } from '@/lib/ids';
import { runEmbedded, stopEmbeddedJobs } from '@/lib/jobs/providers/embedded';
import { INNGEST_FUNCTIONS } from '@/lib/jobs/providers/inngest';
import { testStackChain } from '../support/chain';
import { testDb } from '../support/fixtures';
import { type RunWorld, runnableExe, runWorld } from '../support/runs';

beforeAll(() => {
  process.env.DATABASE_URL = inject('databaseUrl'); // the workflows run in this process on the app's database
  testStackChain();
});

afterAll(async () => {
  await stopEmbeddedJobs();
  await getDb().$sql.end({ timeout: 5 });
});

/** Counts its runs in storage, so a second run would show. */
const TASK = `export default { __tickworkTask: 1, run: async () => ({ canExec: false }),
  onSuccess: async (ctx, event) => {
    await ctx.storage.set('calls', ((await ctx.storage.get('calls')) ?? 0) + 1);
    await ctx.storage.set('hash', event.transactionHash);
    ctx.log.info('callback ran');
  } };\n`;

const HASH = `0x${'cd'.repeat(32)}`;

let w: RunWorld;
beforeAll(async () => {
  w = await runWorld();
}, 60_000);

/** A confirmed execution whose onSuccess is pending, inserted straight in the database (nothing queued). */
async function endedWithPendingCallback(executableId: string, functionId: string) {
  const [row] = await testDb()
    .insert(executions)
    .values({
      id: newId('execution'),
      workspaceId: w.workspaceId,
      projectId: w.projectId,
      executableId,
      functionId,
      trigger: 'manual',
      status: 'confirmed',
      txHash: HASH,
      chainId: 31337,
      scheduledAt: new Date(),
      finishedAt: new Date(),
      callback: { name: 'onSuccess', status: 'pending', event: { transactionHash: HASH } },
    })
    .returning({ id: executions.id });
  return row.id;
}

const storageOf = async (executableId: string) =>
  (
    await testDb().$sql`select value, version from executable_storage where executable_id = ${executableId}`
  )[0];
const callbackOf = async (id: string) =>
  (await testDb().$sql`select callback, status from executions where id = ${id}`)[0];

describe('run-callback', () => {
  it('the Inngest function runs the callback in one step; a second event finds it taken', async () => {
    const exe = await runnableExe(w, TASK);
    const id = await endedWithPendingCallback(exe.id, exe.functionId);
    const engine = () => new InngestTestEngine({ function: INNGEST_FUNCTIONS['run-callback'] });
    const event = [{ name: 'execution/callback.requested', data: { executionId: id } }] as never;
    const first = await engine().execute({ events: event });
    expect(first.error).toBeUndefined();
    expect(first.result).toEqual({ executionId: id, status: 'succeeded' });
    const steps = (first.ctx as any).step.run.mock.calls.map((c: unknown[]) => c[0]);
    expect(steps).toEqual(['run-callback']);

    const again = await engine().execute({ events: event });
    expect(again.result).toEqual({ executionId: id, status: 'skipped' });
    expect(await storageOf(exe.id)).toMatchObject({ value: { calls: 1, hash: HASH }, version: 1 });
    const row = await callbackOf(id);
    expect(row.status).toBe('confirmed');
    expect(row.callback).toMatchObject({ name: 'onSuccess', status: 'succeeded' });
    const logs = await testDb().$sql`select message, data from execution_logs where execution_id = ${id}`;
    expect(logs.map((l) => [l.message, l.data])).toEqual([['callback ran', { callback: 'onSuccess' }]]);
  });

  it('the embedded runner runs the same workflow exactly once', async () => {
    const exe = await runnableExe(w, TASK);
    const id = await endedWithPendingCallback(exe.id, exe.functionId);
    const [a, b] = await Promise.all([
      runEmbedded('execution/callback.requested', { executionId: id }),
      runEmbedded('execution/callback.requested', { executionId: id }),
    ]);
    expect([a, b].map((r: any) => r.status).sort()).toEqual(['skipped', 'succeeded']);
    expect(await storageOf(exe.id)).toMatchObject({ value: { calls: 1 }, version: 1 });
  });

  it('a callback the bundle does not define fails callback_missing; storage untouched', async () => {
    const exe = await runnableExe(
      w,
      'export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };\n',
    );
    const id = await endedWithPendingCallback(exe.id, exe.functionId);
    expect(await runEmbedded('execution/callback.requested', { executionId: id })).toEqual({
      executionId: id,
      status: 'failed',
    });
    const row = await callbackOf(id);
    expect(row.callback).toMatchObject({ status: 'failed', error: { code: 'callback_missing' } });
    expect(row.status).toBe('confirmed');
  });
});
