// The periodic alert checks against the test deployment's database and chain (the app's own alert ticker runs
// the same checks at the same time: either way each incident opens once and resolves once). Dead man: the
// scheduler cannot claim the executable (its row is locked, as a stopped scheduler would leave it unclaimed)
// → fires past due + grace; once the scheduler runs it again and the run succeeds → resolved.
import { parseEther } from 'viem';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { checkDeadMan, checkLowBalance, checkPlanUsage, checkSubmittedUnknown } from '@/lib/alerts/checks';
import { commitFunctionSwitch } from '@/lib/executables/provision';
import { incidentsOf, outboxOf, seedChannel, waitFor } from '../support/alerts';
import { newProject, newWorkspace, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { rpc } from '../support/profiles';
import { type RunWorld, runnableExe, runWorld } from '../support/runs';
import { seedExecutable, seedExecutions } from '../support/seed';

const SKIP_TASK = `export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: 'tick' }) };\n`;

let w: RunWorld;
beforeAll(async () => {
  process.env.TICKWORK_LOCAL_RPC_URL = inject('rpcUrl'); // the balance check reads the test chain from here
  w = await runWorld();
}, 60_000);

async function rule(token: string, projectId: string, body: Record<string, unknown>) {
  const res = await api('/api/v1/alert-rules', { method: 'POST', token, body: { projectId, ...body } });
  if (res.status !== 201) throw new Error(`rule: ${res.text}`);
  return res.body.data as { id: string };
}

/** A project of the run world of its own, so its incidents and outbox rows are only this test's. */
async function freshProject() {
  const project = await newProject(w.workspaceId);
  return { projectId: project.id, channelId: await seedChannel(w.workspaceId, project.id) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('dead man', () => {
  it('fires when the scheduler does not run a due executable, once; resolves when a scheduled run succeeds', async () => {
    const db = testDb();
    const exe = await runnableExe(w, SKIP_TASK, {
      exe: { trigger: { type: 'interval', intervalMs: 30_000 } },
    });
    const channelId = await seedChannel(w.workspaceId, w.projectId);
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
      expect(await mine()).toEqual([]);
      await checkDeadMan(db);
      await checkDeadMan(db);
      const fired = await mine();
      expect(fired.map((i) => [i.subject, i.state])).toEqual([[exe.id, 'open']]);
      expect(fired[0].details).toMatchObject({ executableId: exe.id, dueAt: new Date(dueAt).toISOString() });
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
    const outbox = (await outboxOf(w.projectId)).filter((o) => o.channel_id === channelId);
    expect(outbox.map((o) => o.event)).toEqual(['fired', 'resolved']);
    expect(outbox[0].payload).toMatchObject({
      title: `Executable “${exe.name}” missed its schedule`,
      severity: 'critical',
    });
  }, 90_000);
});

describe('submitted_unknown', () => {
  it('fires for an execution stuck past olderThanSeconds, once; resolves once it is reconciled', async () => {
    const db = testDb();
    const { projectId, channelId } = await freshProject();
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
  });
});

describe('low balance', () => {
  it('fires when the self-paid profile falls below the threshold, once; resolves when topped up', async () => {
    const db = testDb();
    const project = await newProject(w.workspaceId);
    const channelId = await seedChannel(w.workspaceId, project.id);
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
    } finally {
      await setBalance('10');
    }
  });
});

describe('plan usage', () => {
  it('80 % then 100 % of the plan fire once each; the next cycle resolves them', async () => {
    const db = testDb();
    const owner = await newWorkspace({ plan: 'free' });
    const project = await newProject(owner.workspaceId);
    const channelId = await seedChannel(owner.workspaceId, project.id);
    await rule(owner.token, project.id, {
      kind: 'plan_usage',
      params: { percent: 80 },
      channelIds: [channelId],
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
    // the next cycle: usage starts again at 0
    const now = new Date();
    const nextCycle = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2));
    await checkPlanUsage(db, nextCycle);
    await checkPlanUsage(db, nextCycle);
    expect((await incidentsOf(project.id)).map((i) => i.state)).toEqual(['resolved', 'resolved']);
    const outbox = await outboxOf(project.id);
    expect(outbox.map((o) => o.event)).toEqual(['fired', 'fired', 'resolved', 'resolved']);
    expect(outbox[1].payload).toMatchObject({
      title: "The workspace used 100 % of its plan's compute units",
      severity: 'critical',
    });
    expect(outbox[2].payload.text).toBe('A new billing cycle started: compute units reset.');
  });

  it('a plan upgrade resolves it', async () => {
    const db = testDb();
    const owner = await newWorkspace({ plan: 'free' });
    const project = await newProject(owner.workspaceId);
    await rule(owner.token, project.id, { kind: 'plan_usage', params: { percent: 100 } });
    await db.$sql`insert into usage_daily (workspace_id, day, compute_units)
                  values (${owner.workspaceId}, ${new Date().toISOString().slice(0, 10)}, 61000)`;
    await checkPlanUsage(db);
    expect((await incidentsOf(project.id)).map((i) => i.state)).toEqual(['open']);
    await db.$sql`update workspaces set plan = 'pro' where id = ${owner.workspaceId}`;
    await checkPlanUsage(db);
    expect((await incidentsOf(project.id)).map((i) => i.state)).toEqual(['resolved']);
  });
});

describe('function switch failed', () => {
  it('a failed switch fires once; the next successful switch resolves it', async () => {
    const db = testDb();
    const { projectId, channelId } = await freshProject();
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
  });
});
