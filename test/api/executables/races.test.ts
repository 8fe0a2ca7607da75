import { describe, expect, it } from 'vitest';
import {
  activeExe,
  createExe,
  exeAction,
  exeBody,
  exeRow,
  exeWorld,
  pausedExe,
  seedExecutableRows,
  uploadRelease,
  waitForExe,
} from '../../support/executables';
import { expectError } from '../../support/expect';
import { testDb } from '../../support/fixtures';
import { api } from '../../support/http';

const switchFunction = (token: string, id: string, body: unknown) =>
  api(`/api/v1/executables/${id}/function`, { method: 'PATCH', token, body });

/**
 * Runs `requests` while a transaction holds the executable's row lock, and lets go once `waiters` statements of
 * the app wait for that lock; answers what `requests` answered.
 */
async function whileRowHeld<T>(
  executableId: string,
  waiters: number,
  requests: () => Promise<T>,
): Promise<T> {
  let answered: Promise<T> | undefined;
  await testDb().$sql.begin(async (tx) => {
    await tx`select 1 from executables where id = ${executableId} for update`;
    answered = requests();
    for (let i = 0; i < 200; i++) {
      const [{ waiting }] = await testDb().$sql<{ waiting: number }[]>`
        select count(*)::int as waiting from pg_stat_activity
        where wait_event_type = 'Lock' and query ilike 'update "executables"%'`;
      if (waiting >= waiters) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`the requests did not reach the update (${waiters} expected to wait)`);
  });
  return answered as Promise<T>;
}

describe('executables: races', () => {
  it('two function switches at once: exactly one 202, one 409 function_switch_pending (repeated)', async () => {
    const w = await exeWorld();
    const [a, b] = await Promise.all([uploadRelease(w, w.projectId), uploadRelease(w, w.projectId)]);
    for (let round = 0; round < 4; round++) {
      const exe = await pausedExe(w);
      // Both requests meet at the conditional update: the row is held until both wait on it. Without the hold,
      // the first switch can be built and done before the second arrives, and then the second is rightly taken.
      const results = await whileRowHeld(exe.id, 2, () =>
        Promise.all([
          switchFunction(w.token, exe.id, { functionId: a }),
          switchFunction(w.token, exe.id, { functionId: b }),
        ]),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([202, 409]);
      const loser = results.find((r) => r.status === 409);
      if (loser) expectError(loser, 409, 'function_switch_pending');
      const winner = results.find((r) => r.status === 202);
      const target = winner === results[0] ? a : b;
      const { exe: done } = await waitForExe(w.token, exe.id, (e) => e.functionId === target);
      expect(done.pendingFunctionSwitch).toBeUndefined();
      expect(done.lastFunctionSwitchError).toBeNull();
    }
  });

  it('parallel creates at the plan limit: only the free places are taken', async () => {
    const w = await exeWorld({ plan: 'free' });
    const base = {
      workspaceId: w.workspaceId,
      projectId: w.projectId,
      functionId: w.functionId,
      profileId: w.profileId,
    };
    await seedExecutableRows(base, 1);
    const results = await Promise.all(Array.from({ length: 6 }, () => createExe(w.token, exeBody(w))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 403, 403, 403, 403]);
    for (const r of results.filter((x) => x.status === 403)) expectError(r, 403, 'plan_limit_exceeded');
  });

  it('parallel pauses: one 200, the rest 409 executable_not_active', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    const results = await Promise.all(Array.from({ length: 5 }, () => exeAction(w.token, exe.id, 'pause')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('pause and delete racing on an active executable never delete an active one', async () => {
    const w = await exeWorld();
    for (let round = 0; round < 3; round++) {
      const exe = await activeExe(w);
      const [pause, del] = await Promise.all([
        exeAction(w.token, exe.id, 'pause'),
        api(`/api/v1/executables/${exe.id}`, { method: 'DELETE', token: w.token }),
      ]);
      expect(pause.status).toBe(200);
      const row = await exeRow(exe.id);
      if (del.status === 200) expect(row.state).toBe('deleted');
      else {
        expectError(del, 409, 'executable_active');
        expect(row.state).toBe('paused');
      }
    }
  });
});
