// Two app instances on one database, both running the embedded worker and scheduler: every due slot fires
// once (one execution per executable and scheduledAt), every execution is claimed and paid once, and the
// profile account's nonce is shared without a gap or a clash. When one instance is killed mid-slot, the other
// takes its runs over without any restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultStack, startFaultStack } from '../support/fault-stack';
import {
  executionRows,
  expectPaidOnce,
  meteredExecutions,
  nonceOf,
  payExe,
  waitUntil,
} from '../support/faults';
import { testDb } from '../support/fixtures';
import { FINAL_STATUSES, type RunWorld, runWorld } from '../support/runs';
import type { AppProcess } from '../support/stack';
import { useTarget } from '../support/target';

const EXECUTABLES = 8;
const SLOTS = 3;

let stack: FaultStack;
let second: AppProcess;
let w: RunWorld;
beforeAll(async () => {
  stack = await startFaultStack();
  second = await stack.startApp(); // worker and scheduler on, ticking every 500 ms like the first
  useTarget(stack.target);
  w = await runWorld();
}, 90_000);

afterAll(async () => {
  await stack?.stop();
});

/** Makes the executables' next slot due now (a second ago); answers the slot's time. */
async function makeDue(ids: string[]): Promise<number> {
  const dueAt = new Date(Date.now() - 1_000);
  await testDb()
    .$sql`update executables set next_run_at = ${dueAt.toISOString()}::timestamptz where id in ${testDb().$sql(ids)}`;
  return dueAt.getTime();
}

/** The executions of one slot, once each executable has one and all are in one of `statuses`. */
const slotReached = (ids: string[], slot: number, statuses: string[], timeoutMs = 30_000) =>
  waitUntil(
    `slot ${new Date(slot).toISOString()} reaching ${statuses.join('/')}`,
    async () => {
      const fired = (await executionRows(ids)).filter((r) => r.scheduledAt === slot);
      return fired.length >= ids.length && fired.every((r) => statuses.includes(r.status)) ? fired : null;
    },
    timeoutMs,
  );

// payExe's executables are hourly: no slot comes due by itself while a test runs; the test makes each one due.

describe('two app instances on one database', () => {
  it('fire each schedule slot once and run each execution once', async () => {
    // each run sleeps a second: one worker (four at a time) cannot take a whole slot alone
    const pays = await Promise.all(Array.from({ length: EXECUTABLES }, () => payExe(w, { sleepMs: 1_000 })));
    const ids = pays.map((p) => p.exe.id);
    const nonceBefore = await nonceOf(w.address);
    const slots: number[] = [];
    for (let i = 0; i < SLOTS; i++) {
      // both schedulers race for the slot; the next slot is made due only once this one's runs are over
      const slot = await makeDue(ids);
      slots.push(slot);
      await slotReached(ids, slot, FINAL_STATUSES);
    }

    const rows = await executionRows(ids);
    for (const id of ids) {
      const fired = rows.filter((r) => r.executable_id === id).map((r) => r.scheduledAt);
      expect(fired.sort()).toEqual(slots);
    }
    await expectPaidOnce(w, pays, nonceBefore, SLOTS);
    expect(await meteredExecutions(w.workspaceId)).toBe(EXECUTABLES * SLOTS);
    // both instances ran executions: each opened its run-lease connection for its first one
    const [{ instances }] = await testDb().$sql`
      select count(*)::int as instances from pg_stat_activity where application_name = 'tickwork-leases'`;
    expect(instances).toBe(2);
  }, 120_000);

  it('one instance killed mid-slot: the other takes over its runs at once, each paid once', async () => {
    // eight runs at once fill both workers (four each), so the killed instance surely holds some
    const pays = await Promise.all(Array.from({ length: 8 }, () => payExe(w, { sleepMs: 3_000 })));
    const ids = pays.map((p) => p.exe.id);
    const nonceBefore = await nonceOf(w.address);
    const slot = await makeDue(ids);
    await slotReached(ids, slot, ['running']);
    const [{ holders }] = await testDb().$sql`
      select count(distinct l.pid)::int as holders
        from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and a.application_name = 'tickwork-leases'`;
    expect(holders).toBe(2); // both instances hold run leases right now

    await second.kill('SIGKILL');
    await slotReached(ids, slot, FINAL_STATUSES, 90_000);
    await expectPaidOnce(w, pays, nonceBefore);
    expect(stack.app().running()).toBe(true);
  }, 120_000);
});
