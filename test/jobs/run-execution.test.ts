// The execution workflows on both providers: the Inngest functions (run-execution, schedule-tick) through
// @inngest/test, and the embedded runner, on the app's real database and anvil.
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { executions } from '@/db/schema';
import { newId } from '@/lib/ids';
import { PERIODIC_JOBS } from '@/lib/jobs/catalog';
import { runEmbedded, stopEmbeddedJobs } from '@/lib/jobs/providers/embedded';
import { INNGEST_FUNCTIONS } from '@/lib/jobs/providers/inngest';
import { testStackChain } from '../support/chain';
import { newAddress, testDb } from '../support/fixtures';
import { type RunWorld, runnableExe, runWorld, transfersTo } from '../support/runs';

/** The scheduler's ticks per cron firing on Inngest (six, ten seconds apart). */
const TICKS_PER_MINUTE = PERIODIC_JOBS.find((j) => j.id === 'schedule-tick')?.runsPerCron ?? 0;

beforeAll(() => {
  process.env.DATABASE_URL = inject('databaseUrl'); // the workflows run in this process on the app's database
  testStackChain(); // chain config and master key of the test stack
});

afterAll(async () => {
  await stopEmbeddedJobs();
  await getDb().$sql.end({ timeout: 5 });
});

const PAY = `export default { __tickworkTask: 1, run: async (ctx) => ({
  canExec: true, calls: [{ to: ctx.args.to, data: '0x', value: '7' }] }) };\n`;

let w: RunWorld;
beforeAll(async () => {
  w = await runWorld();
}, 60_000);

/** A pending execution inserted straight in the database: nothing is queued, so only this test runs it. */
async function pendingExecution(executableId: string, functionId: string) {
  const [row] = await testDb()
    .insert(executions)
    .values({
      id: newId('execution'),
      workspaceId: w.workspaceId,
      projectId: w.projectId,
      executableId,
      functionId,
      trigger: 'manual',
      chainId: 31337,
      scheduledAt: new Date(),
    })
    .returning({ id: executions.id });
  return row.id;
}

const stepIds = (ctx: unknown) =>
  (ctx as { step: { run: { mock: { calls: unknown[][] } } } }).step.run.mock.calls.map((c) => c[0]);

describe('run-execution', () => {
  it('the Inngest function claims, evaluates, submits and confirms, one step each', async () => {
    const to = newAddress();
    const exe = await runnableExe(w, PAY, {
      files: { 'permissions.json': transfersTo(to) },
      exe: { args: JSON.stringify({ to }) },
    });
    const id = await pendingExecution(exe.id, exe.functionId);
    const { result, error, ctx } = await new InngestTestEngine({
      function: INNGEST_FUNCTIONS['run-execution'],
    }).execute({
      events: [{ name: 'execution/requested', data: { executionId: id } }] as never,
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ executionId: id, status: 'confirmed' });
    expect(stepIds(ctx)).toEqual(['claim', 'evaluate', 'confirm']);
    const [row] = await testDb().$sql`select status, tx_hash from executions where id = ${id}`;
    expect(row.status).toBe('confirmed');
  });

  it('the embedded runner runs the same workflow; a finished execution is never run again', async () => {
    const to = newAddress();
    const exe = await runnableExe(w, PAY, {
      files: { 'permissions.json': transfersTo(to) },
      exe: { args: JSON.stringify({ to }) },
    });
    const id = await pendingExecution(exe.id, exe.functionId);
    expect(await runEmbedded('execution/requested', { executionId: id })).toEqual({
      executionId: id,
      status: 'confirmed',
    });
    const [first] = await testDb().$sql`select tx_hash from executions where id = ${id}`;
    expect(await runEmbedded('execution/requested', { executionId: id })).toEqual({
      executionId: id,
      skipped: 'status confirmed',
    });
    const [again] = await testDb().$sql`select tx_hash from executions where id = ${id}`;
    expect(again.tx_hash).toBe(first.tx_hash);
  });
});

describe('schedule-tick', () => {
  it('ticks six times a minute, ten seconds apart, and fires what is due', async () => {
    const exe = await runnableExe(
      w,
      `export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };\n`,
    );
    await testDb()
      .$sql`update executables set next_run_at = now() - interval '1 second' where id = ${exe.id}`;
    const sleep = vi.fn();
    const pauses = Array.from({ length: TICKS_PER_MINUTE - 1 }, (_, i) => ({
      id: `pause-${i + 1}`,
      handler: sleep,
    }));
    const { error, ctx } = await new InngestTestEngine({
      function: INNGEST_FUNCTIONS['schedule-tick'],
    }).execute({
      events: [{ name: 'inngest/scheduled.timer', data: {} }] as never,
      steps: pauses,
    });
    expect(error).toBeUndefined();
    expect(stepIds(ctx)).toEqual(Array.from({ length: TICKS_PER_MINUTE }, (_, i) => `tick-${i}`));
    expect(sleep).toHaveBeenCalledTimes(TICKS_PER_MINUTE - 1);
    // fired by this function or by the app's own ticker, but fired exactly once
    const fired = await testDb()
      .$sql`select id from executions where executable_id = ${exe.id} and trigger = 'schedule'`;
    expect(fired).toHaveLength(1);
  });
});
