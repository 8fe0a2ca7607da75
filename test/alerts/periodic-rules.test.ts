// The periodic alert checks against the test deployment's database and chain (the app's own alert ticker runs
// the same checks at the same time: either way each incident opens once and resolves once). Dead man: the
// scheduler cannot claim the executable (its row is locked, as a stopped scheduler would leave it unclaimed)
// → fires past due + grace; once the scheduler runs it again and the run succeeds → resolved. Each rule's
// channel is a signed webhook to a local HTTP receiver: the app delivers exactly one `fired` and one `resolved`
// message per incident.
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkLowBalance } from '@/lib/alerts/balance-check';
import { checkDeadMan, checkPlanUsage, checkSubmittedUnknown, deadManStillMissed } from '@/lib/alerts/checks';
import { commitFunctionSwitch } from '@/lib/executables/provision';
import {
  firedAndResolvedOnce,
  type HttpReceiver,
  incidentsOf,
  outboxOf,
  receivedPerIncident,
  receiverChannel,
  waitFor,
} from '../support/alerts';
import { newProject, newWorkspace, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { startHttpReceiver } from '../support/notify-receivers';
import { rpc } from '../support/profiles';
import { type RunWorld, runnableExe, runWorld } from '../support/runs';
import { seedExecutable, seedExecutions } from '../support/seed';

const SKIP_TASK = `export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: 'tick' }) };\n`;

let w: RunWorld;
let http: HttpReceiver;
beforeAll(async () => {
  process.env.TICKWORK_LOCAL_RPC_URL = inject('rpcUrl'); // the balance check reads the test chain from here
  [w, http] = await Promise.all([runWorld(), startHttpReceiver()]);
}, 60_000);
afterAll(() => http?.close());

async function rule(token: string, projectId: string, body: Record<string, unknown>) {
  const res = await api('/api/v1/alert-rules', { method: 'POST', token, body: { projectId, ...body } });
  if (res.status !== 201) throw new Error(`rule: ${res.text}`);
  return res.body.data as { id: string };
}

/** A project of the run world of its own (incidents and outbox rows only this test's), with a receiver channel. */
async function freshProject() {
  const project = await newProject(w.workspaceId);
  const channel = await receiverChannel(http, w.token, project.id);
  return { projectId: project.id, channelId: channel.channelId, channel };
}

/**
 * A seeded active executable (its own profile: an empty account) that every periodic check finds wanting: a
 * scheduled run failed 10 minutes ago (its next run is an hour ahead, so no scheduler runs it) and a submission
 * is unknown for 5 minutes (not due for the reconciler).
 */
async function wantingExe(projectId: string) {
  const db = testDb();
  const exe = await seedExecutable(w.workspaceId, projectId, { state: 'active' });
  const [, unknownRun] = await seedExecutions(exe, 2, {
    statuses: ['failed', 'confirmed'],
    startMs: Date.now() - 600_000,
  });
  await db.$sql`update executables set next_run_at = now() + interval '1 hour' where id = ${exe.executableId}`;
  await db.$sql`
    update executions set status = 'submitted_unknown', reconcile_at = now() + interval '1 hour',
           finished_at = now() - interval '5 minutes'
     where id = ${unknownRun}`;
  return { ...exe, unknownRun };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('dead man', () => {
  it('fires when the scheduler does not run a due executable, once; resolves when a scheduled run succeeds', async () => {
    const db = testDb();
    const exe = await runnableExe(w, SKIP_TASK, {
      exe: { trigger: { type: 'interval', intervalMs: 30_000 } },
    });
    const channel = await receiverChannel(http, w.token, w.projectId);
    const { channelId } = channel;
    const deadMan = await rule(w.token, w.projectId, {
      kind: 'dead_man',
      executableId: exe.id,
      params: { graceSeconds: 1 },
      channelIds: [channelId],
    });
    // its first run (if the scheduler started one) is over
    await waitFor(
      () => db.$sql`select id from executions where executable_id = ${exe.id} and finished_at is null`,
      (rows) => rows.length === 0,
    );
    // due in 2 s; then the row is locked, so no scheduler can claim it (FOR UPDATE SKIP LOCKED skips it)
    const [{ next_run_at: dueAt }] = await db.$sql`
      update executables set next_run_at = date_trunc('milliseconds', now()) + interval '2 seconds' where id = ${exe.id} returning next_run_at`;
    const lock = await db.$sql.reserve();
    try {
      await lock`begin`;
      await lock`select id from executables where id = ${exe.id} for update`;
      await sleep(new Date(dueAt).getTime() + 1_500 - Date.now());
      const mine = async () => (await incidentsOf(w.projectId)).filter((i) => i.rule_id === deadMan.id);
      // Past due + grace the app's own ticker may have fired it already (the later the machine gets here, the
      // likelier): only ever for this due time.
      for (const early of await mine())
        expect(early.details).toMatchObject({ dueAt: new Date(dueAt).toISOString() });
      await checkDeadMan(db);
      await checkDeadMan(db);
      const fired = await mine();
      expect(fired.map((i) => [i.subject, i.state])).toEqual([[exe.id, 'open']]);
      expect(fired[0].details).toMatchObject({ executableId: exe.id, dueAt: new Date(dueAt).toISOString() });
      // a check that read it overdue before this incident opened opens no second one for the same due time
      expect(await deadManStillMissed(db, deadMan.id, exe.id, new Date(dueAt))).toBe(false);
      // nothing ran: the scheduler never claimed it
      const runs =
        await db.$sql`select id from executions where executable_id = ${exe.id} and scheduled_at >= ${dueAt}`;
      expect(runs).toEqual([]);
    } finally {
      await lock`commit`;
      lock.release();
    }
    // the scheduler runs again: it claims the run that was due, which succeeds (skipped) and resolves the incident
    const done = await waitFor(
      () =>
        db.$sql`select status from executions where executable_id = ${exe.id} and scheduled_at = ${dueAt}`,
      (rows) => rows[0]?.status === 'skipped',
    );
    expect(done.map((r) => r.status)).toEqual(['skipped']);
    await checkDeadMan(db);
    const incidents = (await incidentsOf(w.projectId)).filter((i) => i.rule_id === deadMan.id);
    expect(incidents.map((i) => i.state)).toEqual(['resolved']);
    // nor does one that read it overdue before the run succeeded and resolved it (the fault it guards against:
    // the incident opened again right after it resolved); a later due time with no success since still counts
    expect(await deadManStillMissed(db, deadMan.id, exe.id, new Date(dueAt))).toBe(false);
    expect(await deadManStillMissed(db, deadMan.id, exe.id, new Date(new Date(dueAt).getTime() - 1))).toBe(
      false,
    );
    expect(await deadManStillMissed(db, deadMan.id, exe.id, new Date(Date.now() + 3_600_000))).toBe(true);
    const outbox = (await outboxOf(w.projectId)).filter((o) => o.channel_id === channelId);
    expect(outbox.map((o) => o.event)).toEqual(['fired', 'resolved']);
    expect(outbox[0].payload).toMatchObject({
      title: `Executable “${exe.name}” missed its schedule`,
      severity: 'critical',
    });
    expect(await receivedPerIncident(http, channel)).toEqual(firedAndResolvedOnce(incidents));
  }, 90_000);
});

describe('submitted_unknown', () => {
  it('fires for an execution stuck past olderThanSeconds, once; resolves once it is reconciled', async () => {
    const db = testDb();
    const { projectId, channelId, channel } = await freshProject();
    const exe = await seedExecutable(w.workspaceId, projectId);
    const [young, old] = await seedExecutions(exe, 2, { statuses: ['confirmed'] });
    await rule(w.token, projectId, {
      kind: 'submitted_unknown',
      params: { olderThanSeconds: 60 },
      channelIds: [channelId],
    });
    // reconcile_at far ahead: the app's reconciler leaves them alone while the test looks
    await db.$sql`
      update executions set status = 'submitted_unknown', reconcile_at = now() + interval '1 hour',
             finished_at = case when id = ${old} then now() - interval '5 minutes' else now() - interval '10 seconds' end
       where id in (${young}, ${old})`;
    await checkSubmittedUnknown(db);
    await checkSubmittedUnknown(db);
    let incidents = await incidentsOf(projectId);
    expect(incidents.map((i) => [i.kind, i.subject, i.state])).toEqual([['submitted_unknown', old, 'open']]);
    // reconciled (the reconciler found the receipt)
    await db.$sql`update executions set status = 'confirmed', reconcile_at = null where id in (${young}, ${old})`;
    await checkSubmittedUnknown(db);
    await checkSubmittedUnknown(db);
    incidents = await incidentsOf(projectId);
    expect(incidents.map((i) => i.state)).toEqual(['resolved']);
    expect((await outboxOf(projectId)).map((o) => [o.event, o.channel_id])).toEqual([
      ['fired', channelId],
      ['resolved', channelId],
    ]);
    expect(await receivedPerIncident(http, channel)).toEqual(firedAndResolvedOnce(incidents));
  });
});

describe('low balance', () => {
  it('fires when the self-paid profile falls below the threshold, once; resolves when topped up', async () => {
    const db = testDb();
    const project = await newProject(w.workspaceId);
    const channel = await receiverChannel(http, w.token, project.id);
    const { channelId } = channel;
    // the run world's funded profile, used by an executable of this project (gas: self)
    const exe = await seedExecutable(w.workspaceId, project.id, { state: 'active' });
    await db.$sql`update executables set profile_id = ${w.profileId} where id = ${exe.executableId}`;
    await rule(w.token, project.id, {
      kind: 'low_balance',
      params: { belowWei: parseEther('1').toString() },
      channelIds: [channelId],
    });
    const setBalance = (eth: string) =>
      rpc('anvil_setBalance', [w.address, `0x${parseEther(eth).toString(16)}`]);
    const check = () => checkLowBalance(db, new Date(), { everyMs: 0 });
    try {
      await setBalance('0.25');
      await check();
      await check();
      let incidents = await incidentsOf(project.id);
      expect(incidents.map((i) => [i.kind, i.subject, i.state])).toEqual([
        ['low_balance', w.profileId, 'open'],
      ]);
      expect(incidents[0].details).toMatchObject({ balanceWei: parseEther('0.25').toString() });
      await setBalance('5');
      await check();
      await check();
      incidents = await incidentsOf(project.id);
      expect(incidents.map((i) => i.state)).toEqual(['resolved']);
      const outbox = await outboxOf(project.id);
      expect(outbox.map((o) => o.event)).toEqual(['fired', 'resolved']);
      expect(outbox[0].payload.facts).toMatchObject({
        Account: w.address,
        Threshold: `${parseEther('1')} wei`,
      });
      expect(await receivedPerIncident(http, channel)).toEqual(firedAndResolvedOnce(incidents));
    } finally {
      await setBalance('10');
    }
  });
});

describe("an executable's own rule", () => {
  it('disabled, turns its kind off for the executable: the enabled project default does not come back', async () => {
    const db = testDb();
    const { projectId } = await freshProject();
    const on = await wantingExe(projectId);
    const off = await wantingExe(projectId);
    const kinds = {
      dead_man: { graceSeconds: 1 },
      submitted_unknown: { olderThanSeconds: 60 },
      low_balance: { belowWei: '1' },
    };
    // the overrides first: the app's own alert ticker checks too, and must never see a default without them
    for (const [kind, params] of Object.entries(kinds))
      await rule(w.token, projectId, { kind, params, executableId: off.executableId, enabled: false });
    for (const [kind, params] of Object.entries(kinds)) await rule(w.token, projectId, { kind, params });
    for (let n = 0; n < 2; n++) {
      await checkDeadMan(db);
      await checkSubmittedUnknown(db);
      await checkLowBalance(db, new Date(), { everyMs: 0 });
    }
    const incidents = await incidentsOf(projectId);
    expect(incidents.map((i) => [i.kind, i.subject]).sort()).toEqual(
      [
        ['dead_man', on.executableId],
        ['low_balance', on.profileId],
        ['submitted_unknown', on.unknownRun],
      ].sort(),
    );
  });
});

describe('low balance, no longer applying', () => {
  it('resolves once the executable stops paying its own gas, is deleted, or the rule is disabled', async () => {
    const db = testDb();
    const { projectId, channelId, channel } = await freshProject();
    const [kept, sponsored, deleted] = [
      await wantingExe(projectId),
      await wantingExe(projectId),
      await wantingExe(projectId),
    ];
    const lowBalance = await rule(w.token, projectId, {
      kind: 'low_balance',
      params: { belowWei: '1' },
      channelIds: [channelId],
    });
    const check = () => checkLowBalance(db, new Date(), { everyMs: 0 });
    const states = async () =>
      Object.fromEntries((await incidentsOf(projectId)).map((i) => [i.subject, i.state]));
    await check();
    expect(await states()).toEqual({
      [kept.profileId]: 'open',
      [sponsored.profileId]: 'open',
      [deleted.profileId]: 'open',
    });
    // the app's own alert tick may have read the executables just before a change and open the incident again
    // after this check resolved it; its next pass sees the change, so the state is asked for until it settles
    const settled = () =>
      expect.poll(async () => {
        await check();
        return states();
      });
    await db.$sql`update executables set gas_mode = 'sponsored' where id = ${sponsored.executableId}`;
    await settled().toMatchObject({ [kept.profileId]: 'open', [sponsored.profileId]: 'resolved' });
    await db.$sql`update executables set deleted_at = now() where id = ${deleted.executableId}`;
    await settled().toMatchObject({ [kept.profileId]: 'open', [deleted.profileId]: 'resolved' });
    const disabled = await api(`/api/v1/alert-rules/${lowBalance.id}`, {
      method: 'PATCH',
      token: w.token,
      body: { enabled: false },
    });
    expect(disabled.status, disabled.text).toBe(200);
    await check();
    await check();
    const incidents = await incidentsOf(projectId);
    expect(incidents.map((i) => i.state)).toEqual(['resolved', 'resolved', 'resolved']);
    expect(await receivedPerIncident(http, channel)).toEqual(firedAndResolvedOnce(incidents));
  });
});

describe('plan usage', () => {
  // The app's own alert ticker runs the same check with the real clock, so every step here agrees with it: the
  // thresholds in the current cycle at the real time; the new cycle as usage of the previous month's cycle.
  it('80 % then 100 % of the plan fire once each; an upgrade resolves both', async () => {
    const db = testDb();
    const owner = await newWorkspace({ plan: 'free' });
    const project = await newProject(owner.workspaceId);
    const channel = await receiverChannel(http, owner.token, project.id);
    await rule(owner.token, project.id, {
      kind: 'plan_usage',
      params: { percent: 80 },
      channelIds: [channel.channelId],
    });
    const day = new Date().toISOString().slice(0, 10);
    const use = (units: number) => db.$sql`
      insert into usage_daily (workspace_id, day, compute_units) values (${owner.workspaceId}, ${day}, ${units})
      on conflict (workspace_id, day) do update set compute_units = excluded.compute_units`;
    const cycle = day.slice(0, 7);

    await use(40_000); // 67 % of Free's 60 000
    await checkPlanUsage(db);
    expect(await incidentsOf(project.id)).toEqual([]);
    await use(50_000); // 83 %
    await checkPlanUsage(db);
    await checkPlanUsage(db);
    expect((await incidentsOf(project.id)).map((i) => [i.subject, i.state])).toEqual([
      [`${owner.workspaceId}:${cycle}:80`, 'open'],
    ]);
    await use(60_000); // 100 %
    await checkPlanUsage(db);
    await checkPlanUsage(db);
    expect((await incidentsOf(project.id)).map((i) => [i.subject, i.state])).toEqual([
      [`${owner.workspaceId}:${cycle}:80`, 'open'],
      [`${owner.workspaceId}:${cycle}:100`, 'open'],
    ]);
    await db.$sql`update workspaces set plan = 'pro' where id = ${owner.workspaceId}`;
    await checkPlanUsage(db);
    expect((await incidentsOf(project.id)).map((i) => i.state)).toEqual(['resolved', 'resolved']);
    const outbox = await outboxOf(project.id);
    expect(outbox.map((o) => o.event)).toEqual(['fired', 'fired', 'resolved', 'resolved']);
    expect(outbox[1].payload).toMatchObject({
      title: "The workspace used 100 % of its plan's compute units",
      severity: 'critical',
    });
    expect(outbox[2].payload.text).toBe('Usage is below the threshold of the current plan.');
    expect(await receivedPerIncident(http, channel)).toEqual(
      firedAndResolvedOnce(await incidentsOf(project.id)),
    );
  });

  it("the next cycle resolves the last cycle's incident", async () => {
    const db = testDb();
    const owner = await newWorkspace({ plan: 'free' });
    const project = await newProject(owner.workspaceId);
    const channel = await receiverChannel(http, owner.token, project.id);
    await rule(owner.token, project.id, {
      kind: 'plan_usage',
      params: { percent: 100 },
      channelIds: [channel.channelId],
    });
    const now = new Date();
    const lastCycle = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
    await db.$sql`insert into usage_daily (workspace_id, day, compute_units)
                  values (${owner.workspaceId}, ${lastCycle.toISOString().slice(0, 10)}, 61000)`;
    await checkPlanUsage(db, lastCycle); // opens it as of last cycle (the app's ticker may resolve it any time after)
    await checkPlanUsage(db);
    await checkPlanUsage(db);
    const incidents = await incidentsOf(project.id);
    expect(incidents.map((i) => [i.subject, i.state])).toEqual([
      [`${owner.workspaceId}:${lastCycle.toISOString().slice(0, 7)}:100`, 'resolved'],
    ]);
    const outbox = await outboxOf(project.id);
    expect(outbox.map((o) => o.event)).toEqual(['fired', 'resolved']);
    expect(outbox[1].payload.text).toBe('A new billing cycle started: compute units reset.');
    expect(await receivedPerIncident(http, channel)).toEqual(firedAndResolvedOnce(incidents));
  });
});

describe('function switch failed', () => {
  it('a failed switch fires once; the next successful switch resolves it', async () => {
    const db = testDb();
    const { projectId, channelId, channel } = await freshProject();
    const exe = await seedExecutable(w.workspaceId, projectId, { state: 'active' });
    await rule(w.token, projectId, { kind: 'function_switch_failed', channelIds: [channelId] });
    const pend = (requestId: string) => db.$sql`
      update executables set pending_function_switch = ${JSON.stringify({ functionId: exe.functionId, requestId, requestedAt: new Date().toISOString() })}::jsonb
       where id = ${exe.executableId}`;
    for (const requestId of ['req_a', 'req_b']) {
      await pend(requestId);
      await commitFunctionSwitch(db, exe.executableId, requestId, {
        ok: false,
        reason: 'the bundle did not load',
      });
    }
    let incidents = await incidentsOf(projectId);
    expect(incidents.map((i) => [i.kind, i.subject, i.state])).toEqual([
      ['function_switch_failed', exe.executableId, 'open'],
    ]);
    await pend('req_c');
    expect(
      (await commitFunctionSwitch(db, exe.executableId, 'req_c', { ok: true, ref: `isolate:${exe.blobId}` }))
        .committed,
    ).toBe(true);
    incidents = await incidentsOf(projectId);
    expect(incidents.map((i) => i.state)).toEqual(['resolved']);
    const outbox = await outboxOf(projectId);
    expect(outbox.map((o) => o.event)).toEqual(['fired', 'resolved']);
    expect(outbox[0].payload.text).toContain('the bundle did not load');
    expect(await receivedPerIncident(http, channel)).toEqual(firedAndResolvedOnce(incidents));
  });
});
