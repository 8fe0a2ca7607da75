// Execution-driven alerts, end to end on the app: a task that fails, then succeeds. execution_failed and
// consecutive_failures fire once per incident (a second failure while open adds no incident and no outbox
// row) and resolve once at the next success; an executable's own rule replaces the project default. Their
// channels are webhooks to a local HTTP receiver: one `fired` and one `resolved` message arrive per incident.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HttpReceiver,
  incidentsOf,
  outboxOf,
  receivedPerIncident,
  receiverChannel,
} from '../support/alerts';
import { api } from '../support/http';
import { startHttpReceiver } from '../support/notify-receivers';
import { type RunWorld, runnableExe, runToEnd, runWorld } from '../support/runs';

const FLAKY = `export default { __tickworkTask: 1, run: async (ctx) => {
  if (ctx.args.fail) throw new Error('planned failure');
  return { canExec: false, message: 'all good' };
} };\n`;

const HOURLY = { trigger: { type: 'interval', intervalMs: 3_600_000 }, args: '{"fail":true}' };

let w: RunWorld;
let http: HttpReceiver;
beforeAll(async () => {
  [w, http] = await Promise.all([runWorld(), startHttpReceiver()]);
}, 120_000);
afterAll(() => http?.close());

const rule = async (body: Record<string, unknown>) => {
  const res = await api('/api/v1/alert-rules', {
    method: 'POST',
    token: w.token,
    body: { projectId: w.projectId, ...body },
  });
  if (res.status !== 201) throw new Error(`rule: ${res.text}`);
  return res.body.data as { id: string };
};

const setFail = async (exeId: string, fail: boolean) => {
  const res = await api(`/api/v1/executables/${exeId}/args`, {
    method: 'PATCH',
    token: w.token,
    body: { args: JSON.stringify({ fail }) },
  });
  if (res.status !== 200) throw new Error(`args: ${res.text}`);
};

describe('execution alerts', () => {
  it('fires once per incident and resolves once; an executable rule overrides the default', async () => {
    const receiverA = await receiverChannel(http, w.token, w.projectId);
    const receiverB = await receiverChannel(http, w.token, w.projectId);
    const [chA, chB] = [receiverA.channelId, receiverB.channelId];
    const failedDefault = await rule({ kind: 'execution_failed', channelIds: [chA] });
    const exe = await runnableExe(w, FLAKY, { exe: HOURLY });
    const quiet = await runnableExe(w, FLAKY, { exe: HOURLY });
    // exe: N consecutive failures of its own (count 2, channel B); quiet: execution_failed switched off for it
    const streak = await rule({
      kind: 'consecutive_failures',
      executableId: exe.id,
      params: { count: 2 },
      channelIds: [chB],
    });
    await rule({ kind: 'execution_failed', executableId: quiet.id, enabled: false, channelIds: [chA] });

    expect((await runToEnd(w.token, exe.id)).execution.status).toBe('failed');
    let incidents = await incidentsOf(w.projectId);
    expect(incidents.map((i) => [i.kind, i.subject, i.state, i.rule_id])).toEqual([
      ['execution_failed', exe.id, 'open', failedDefault.id],
    ]);

    // the second failure: the streak of 2 fires; execution_failed stays the one open incident
    const second = await runToEnd(w.token, exe.id);
    expect(second.execution.status).toBe('failed');
    // a third: nothing new at all
    expect((await runToEnd(w.token, exe.id)).execution.status).toBe('failed');
    incidents = await incidentsOf(w.projectId);
    expect(incidents.map((i) => [i.kind, i.state, i.rule_id])).toEqual([
      ['execution_failed', 'open', failedDefault.id],
      ['consecutive_failures', 'open', streak.id],
    ]);
    expect(incidents[1].details).toMatchObject({
      executableId: exe.id,
      executionId: second.execution.id,
      count: 2,
    });
    let outbox = await outboxOf(w.projectId);
    expect(outbox.map((o) => [o.event, o.channel_id, o.incident_id])).toEqual([
      ['fired', chA, incidents[0].id],
      ['fired', chB, incidents[1].id],
    ]);
    expect(outbox[0].payload).toMatchObject({
      title: `Executable “${exe.name}” failed`,
      severity: 'warning',
      facts: { Executable: `${exe.name} (${exe.id})`, Error: expect.stringContaining('planned failure') },
    });
    expect(outbox[1].payload.title).toBe(`Executable “${exe.name}” failed 2 times in a row`);

    // the other executable fails too, but its own rule turned execution_failed off
    expect((await runToEnd(w.token, quiet.id)).execution.status).toBe('failed');
    expect((await incidentsOf(w.projectId)).filter((i) => i.subject === quiet.id)).toEqual([]);

    // a success resolves both, once; a second success sends nothing more
    await setFail(exe.id, false);
    const ok = await runToEnd(w.token, exe.id);
    expect(ok.execution.status).toBe('skipped');
    expect((await runToEnd(w.token, exe.id)).execution.status).toBe('skipped');
    incidents = await incidentsOf(w.projectId);
    expect(incidents.map((i) => i.state)).toEqual(['resolved', 'resolved']);
    outbox = await outboxOf(w.projectId);
    expect(outbox.map((o) => [o.event, o.channel_id, o.incident_id])).toEqual([
      ['fired', chA, incidents[0].id],
      ['fired', chB, incidents[1].id],
      ['resolved', chA, incidents[0].id],
      ['resolved', chB, incidents[1].id],
    ]);
    expect(outbox[2].payload).toMatchObject({
      title: `Resolved: Executable “${exe.name}” failed`,
      severity: 'info',
      text: expect.stringContaining(ok.execution.id),
    });

    // failing again opens a new incident (the old one stays resolved)
    await setFail(exe.id, true);
    expect((await runToEnd(w.token, exe.id)).execution.status).toBe('failed');
    incidents = await incidentsOf(w.projectId);
    expect(incidents.map((i) => [i.kind, i.state])).toEqual([
      ['execution_failed', 'resolved'],
      ['consecutive_failures', 'resolved'],
      ['execution_failed', 'open'],
    ]);
    expect((await outboxOf(w.projectId)).length).toBe(5);
    // the receivers got each message once: A the failure's fired and resolved, then the new one's fired;
    // B the streak's fired and resolved
    expect(await receivedPerIncident(http, receiverA)).toEqual({
      [incidents[0].id]: ['fired', 'resolved'],
      [incidents[2].id]: ['fired'],
    });
    expect(await receivedPerIncident(http, receiverB)).toEqual({ [incidents[1].id]: ['fired', 'resolved'] });

    // the executables' pages list them (open first by recency)
    const list = await api(`/api/v1/alert-incidents?projectId=${w.projectId}&executableId=${exe.id}`, {
      token: w.token,
    });
    expect(list.body.data.map((i: any) => [i.kind, i.state])).toEqual([
      ['execution_failed', 'open'],
      ['consecutive_failures', 'resolved'],
      ['execution_failed', 'resolved'],
    ]);
  }, 300_000); // eight runs to their end, one after another: a budget for a loaded machine
});
