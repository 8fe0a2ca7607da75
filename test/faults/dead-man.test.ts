// The dead-man alert when the scheduler stops: two app instances on one database, the main one scheduling and
// a second started with TICKWORK_SCHEDULER=off (it runs jobs and the alert checks, claims no scheduled run).
// With the main app killed, a due run never starts: the second instance's check opens one dead_man incident.
// Once the main app is back, the due run happens and succeeds, and the incident resolves once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertIncidents, executions } from '@/db/schema';
import { type FaultStack, startFaultStack } from '../support/fault-stack';
import { payExe, waitUntil } from '../support/faults';
import { testDb } from '../support/fixtures';
import { api } from '../support/http';
import { type RunWorld, runWorld } from '../support/runs';
import { useTarget } from '../support/target';

let stack: FaultStack;
let w: RunWorld;
beforeAll(async () => {
  stack = await startFaultStack({ env: { TICKWORK_ALERTS_TICK_MS: '500' } });
  await stack.startApp({ TICKWORK_SCHEDULER: 'off' });
  useTarget(stack.target);
  w = await runWorld();
}, 90_000);

afterAll(async () => {
  await stack?.stop();
});

const incidentsOf = (executableId: string) =>
  testDb()
    .select()
    .from(alertIncidents)
    .where(and(eq(alertIncidents.subject, executableId), eq(alertIncidents.kind, 'dead_man')));

const scheduledRuns = (executableId: string) =>
  testDb()
    .select({ status: executions.status })
    .from(executions)
    .where(and(eq(executions.executableId, executableId), eq(executions.trigger, 'schedule')));

describe('dead man: the scheduler stops', () => {
  it('fires once while nothing schedules the due run, and resolves once the run happens', async () => {
    // hourly: nothing comes due by itself while the test runs; `later` is made due later, to see a check run
    const [{ exe }, { exe: later }] = await Promise.all([payExe(w), payExe(w)]);
    const deadMan = (executableId: string) =>
      api('/api/v1/alert-rules', {
        method: 'POST',
        token: w.token,
        body: { projectId: w.projectId, executableId, kind: 'dead_man', params: { graceSeconds: 1 } },
      });
    const rule = await deadMan(exe.id);
    expect(rule.status, rule.text).toBe(201);
    expect((await deadMan(later.id)).status).toBe(201);

    await stack.app().kill('SIGKILL');
    const dueAt = new Date(Date.now() - 1_000);
    await testDb()
      .$sql`update executables set next_run_at = ${dueAt.toISOString()}::timestamptz where id = ${exe.id}`;

    const [opened] = await waitUntil('a dead_man incident', async () => {
      const rows = await incidentsOf(exe.id);
      return rows.length > 0 ? rows : null;
    });
    expect(opened).toMatchObject({ state: 'open', ruleId: rule.body.data.id });
    expect(await scheduledRuns(exe.id)).toEqual([]); // the second instance claimed nothing
    // more checks while it stays open open nothing more: seen once a check made after it opened has run (it
    // opens `later`'s incident), however slowly the checks come round
    await testDb()
      .$sql`update executables set next_run_at = now() - interval '1 second' where id = ${later.id}`;
    await waitUntil('a later check', async () => ((await incidentsOf(later.id)).length > 0 ? true : null));
    expect(await incidentsOf(exe.id)).toHaveLength(1);

    await stack.restartApp();
    const [resolved] = await waitUntil(
      'the incident resolved by a successful run',
      async () => {
        const rows = await incidentsOf(exe.id);
        return rows.every((r) => r.state === 'resolved') ? rows : null;
      },
      60_000,
    );
    expect(resolved.id).toBe(opened.id);
    // One scheduled run, and it confirms. (CI once saw the incident resolved while that run was still
    // `submitted` under heavy load; not reproduced locally — see the issue 16 closing note.)
    await waitUntil('the scheduled run confirmed', async () => {
      const runs = await scheduledRuns(exe.id);
      return runs.length === 1 && runs[0]?.status === 'confirmed' ? runs : null;
    });
    expect((await scheduledRuns(exe.id)).map((r) => r.status)).toEqual(['confirmed']);
    expect(await incidentsOf(exe.id)).toHaveLength(1);
  });
});
