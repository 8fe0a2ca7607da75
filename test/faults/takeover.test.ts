// A run taken over while its first worker still lives (that worker lost its lease, e.g. in a Postgres
// restart, and another one claimed the run): the first evaluation is fenced out by the claim and records,
// ends and broadcasts nothing; the run that took over sends the one transaction. The workflow steps run here,
// in-process, on the shared test stack's database and chain.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Db, getDb } from '@/db/client';
import { executions } from '@/db/schema';
import { confirmExecution } from '@/lib/executions/confirm';
import { claimExecution, evaluateExecution } from '@/lib/executions/run';
import { newId } from '@/lib/ids';
import { testStackChain } from '../support/chain';
import { executionRows, meteredExecutions, nonceOf, payExe } from '../support/faults';
import { testDb } from '../support/fixtures';
import { balanceOf, type RunWorld, runWorld } from '../support/runs';

let w: RunWorld;
let db: Db;
beforeAll(async () => {
  process.env.DATABASE_URL = inject('databaseUrl');
  testStackChain(); // chain config and master key of the test stack
  db = getDb();
  w = await runWorld();
}, 60_000);

afterAll(async () => {
  await db.$sql.end({ timeout: 5 });
});

describe('a run taken over while its first worker lives', () => {
  it('the first evaluation is fenced out; the run sends exactly one transaction', async () => {
    const pay = await payExe(w, { sleepMs: 2_000 });
    const nonceBefore = await nonceOf(w.address);
    // a pending execution nobody queued: only this test runs it
    const [{ id }] = await testDb()
      .insert(executions)
      .values({
        id: newId('execution'),
        workspaceId: w.workspaceId,
        projectId: w.projectId,
        executableId: pay.exe.id,
        functionId: pay.exe.functionId,
        trigger: 'manual',
        chainId: 31337,
        scheduledAt: new Date(),
      })
      .returning({ id: executions.id });

    const first = await claimExecution(db, id);
    expect(first.action).toBe('evaluate');
    const fenced = evaluateExecution(db, id, (first as { claimedAt: string }).claimedAt);
    await new Promise((r) => setTimeout(r, 500)); // the first task is asleep
    const second = await claimExecution(db, id, { leased: true });
    expect(second.action).toBe('evaluate');
    const takeover = evaluateExecution(db, id, (second as { claimedAt: string }).claimedAt);

    expect(await fenced).toEqual({ next: 'done' });
    expect(await takeover).toEqual({ next: 'confirm' });
    expect(await confirmExecution(db, id)).toEqual({ status: 'confirmed' });

    const rows = await executionRows([pay.exe.id]);
    expect(rows.map((r) => r.status)).toEqual(['confirmed']);
    expect(await balanceOf(pay.to)).toBe(pay.wei);
    expect(await nonceOf(w.address)).toBe(nonceBefore + 1);
    expect(await meteredExecutions(w.workspaceId)).toBe(1);
  });
});
