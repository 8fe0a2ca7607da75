// Compute units per plan: Free stops at its 60,000 (manual runs, dry runs and webhook calls refused with 403
// compute_units_exhausted, the scheduler fires nothing and the executable says why, runs resume at the next
// cycle); paid plans go on past their included units and show the metered overage.
import { parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { usageDaily } from '@/db/schema';
import { currentCycle } from '@/lib/usage/cycle';
import { computeUnitsStanding } from '@/lib/usage/limits';
import { expectError } from '../support/expect';
import { newProject, newWorkspace, testDb, uniq } from '../support/fixtures';
import { api } from '../support/http';
import { createProfile, rpc, waitForProfile } from '../support/profiles';
import { type RunWorld, runnableExe, runToEnd, runWorld, startRun } from '../support/runs';
import { createWebhook, secretOf } from '../support/webhooks';

const SKIP_TASK = `export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: 'tick' }) };\n`;
const today = () => new Date().toISOString().slice(0, 10);

/** Sets the workspace's compute units of today (this cycle) to `computeUnits`. */
async function setUsedToday(workspaceId: string, computeUnits: number) {
  await testDb()
    .insert(usageDaily)
    .values({ workspaceId, day: today(), computeUnits, executions: 1 })
    .onConflictDoUpdate({ target: [usageDaily.workspaceId, usageDaily.day], set: { computeUnits } });
}

/** runWorld on the Free plan: a legacy profile provisioned on anvil, funded. */
async function freeWorld(): Promise<RunWorld> {
  const owner = await newWorkspace({ plan: 'free' });
  const project = await newProject(owner.workspaceId);
  const created = await createProfile(owner.token, {
    projectId: project.id,
    alias: `ops-${uniq()}`,
    chainId: 31337,
  });
  if (created.status !== 201) throw new Error(`profile: ${created.text}`);
  const { profile } = await waitForProfile(owner.token, created.body.data.id, (p) => p.state === 'active');
  await rpc('anvil_setBalance', [profile.address, `0x${parseEther('10').toString(16)}`]);
  return { ...owner, projectId: project.id, profileId: profile.id, address: profile.address };
}

const executionCount = async (executableId: string) =>
  Number(
    (await testDb().$sql`select count(*)::int as n from executions where executable_id = ${executableId}`)[0]
      .n,
  );

const usage = async (token: string) => (await api('/api/v1/usage', { token })).body.data;

describe('Free: compute units exhausted', () => {
  let w: RunWorld;
  let exeId: string;
  let hookPath: string;
  beforeAll(async () => {
    w = await freeWorld();
    // an hour-long interval, so the app's own scheduler leaves it alone unless a test makes it due
    const exe = await runnableExe(w, SKIP_TASK, {
      exe: { trigger: { type: 'interval', intervalMs: 3_600_000 } },
    });
    exeId = exe.id;
    const hook = await createWebhook(w.token, exeId, { name: 'door' });
    expect(hook.status).toBe(201);
    hookPath = `/api/hooks/${secretOf(hook.body.data.url)}`;
  }, 90_000);

  it('at 59,999 of 60,000 a run goes ahead; the units it spends reach the limit and the next run is refused', async () => {
    await setUsedToday(w.workspaceId, 59_999);
    expect((await computeUnitsStanding(testDb(), w.workspaceId))?.exhausted).toBe(false);
    const { execution } = await runToEnd(w.token, exeId);
    expect(execution).toMatchObject({ status: 'skipped', message: 'tick' });
    expect(execution.computeUnits).toBeGreaterThanOrEqual(1);

    const u = await usage(w.token);
    expect(u.computeUnits).toMatchObject({
      included: 60_000,
      overage: 0,
      onExhaustion: 'refuse',
      exhausted: true,
      alert: 'reached',
    });
    expect(u.computeUnits.used).toBe(59_999 + execution.computeUnits);

    const before = await executionCount(exeId);
    const refused = await startRun(w.token, exeId);
    expectError(refused, 403, 'compute_units_exhausted');
    expect(refused.body).toMatchObject({
      used: u.computeUnits.used,
      included: 60_000,
      resetsAt: currentCycle().end.toISOString(),
    });
    expectError(await startRun(w.token, exeId, 'simulate'), 403, 'compute_units_exhausted');
    const door = await api(hookPath, { method: 'POST' });
    expect(door.status).toBe(403);
    expect(door.body.code).toBe('compute_units_exhausted');
    expect(await executionCount(exeId)).toBe(before);
  });

  it('the executable shows why (get and list); the scheduler advances it without an execution', async () => {
    await setUsedToday(w.workspaceId, 60_000);
    const got = (await api(`/api/v1/executables/${exeId}`, { token: w.token })).body.data;
    expect(got.state).toBe('active');
    expect(got.runsHeld).toMatchObject({
      code: 'compute_units_exhausted',
      until: currentCycle().end.toISOString(),
    });
    expect(got.runsHeld.message).toMatch(/Free plan's 60,000 compute units/);
    const list = (await api(`/api/v1/executables?projectId=${w.projectId}`, { token: w.token })).body.data;
    expect(list.find((e: { id: string }) => e.id === exeId).runsHeld.code).toBe('compute_units_exhausted');

    const before = await executionCount(exeId);
    const dueAt = new Date(Date.now() - 1_000);
    await testDb()
      .$sql`update executables set next_run_at = ${dueAt.toISOString()}::timestamptz where id = ${exeId}`;
    // the app's scheduler claims it on its next tick and moves next_run_at one interval on
    let next = dueAt;
    for (let i = 0; i < 150 && next.getTime() <= dueAt.getTime(); i++) {
      await new Promise((r) => setTimeout(r, 100));
      const [row] = await testDb().$sql`select next_run_at from executables where id = ${exeId}`;
      next = new Date(row.next_run_at);
    }
    expect(next.getTime()).toBe(dueAt.getTime() + 3_600_000);
    expect(await executionCount(exeId)).toBe(before);
  });

  it('the next cycle starts afresh: the same workspace is no longer held', async () => {
    await setUsedToday(w.workspaceId, 60_000);
    expect((await computeUnitsStanding(testDb(), w.workspaceId))?.exhausted).toBe(true);
    const nextCycle = new Date(currentCycle().end.getTime() + 60_000);
    expect(await computeUnitsStanding(testDb(), w.workspaceId, nextCycle)).toMatchObject({
      used: 0,
      exhausted: false,
    });
    // and below the limit the executable runs again
    await setUsedToday(w.workspaceId, 0);
    const got = (await api(`/api/v1/executables/${exeId}`, { token: w.token })).body.data;
    expect(got.runsHeld).toBeUndefined();
    const { execution } = await runToEnd(w.token, exeId);
    expect(execution.status).toBe('skipped');
  });
});

describe('Pro: past the included compute units', () => {
  it('runs go on and the usage shows the metered overage', async () => {
    const w = await runWorld();
    const exe = await runnableExe(w, SKIP_TASK, {
      exe: { trigger: { type: 'interval', intervalMs: 3_600_000 } },
    });
    await setUsedToday(w.workspaceId, 600_000);
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution.status).toBe('skipped');
    const u = await usage(w.token);
    expect(u.computeUnits).toMatchObject({
      used: 600_000 + execution.computeUnits,
      included: 600_000,
      overage: execution.computeUnits,
      onExhaustion: 'meter',
      exhausted: false,
      alert: 'reached',
    });
    const got = (await api(`/api/v1/executables/${exe.id}`, { token: w.token })).body.data;
    expect(got.runsHeld).toBeUndefined();
  }, 90_000);

  it('a task making 45 RPC requests: 25 free, 20 billed (two compute units on top of its seconds)', async () => {
    const w = await runWorld();
    const source = `export default { __tickworkTask: 1, run: async (ctx) => {
      for (let i = 0; i < 45; i++) await ctx.chain.request({ method: 'eth_chainId' });
      return { canExec: false, message: 'read' };
    } };\n`;
    const exe = await runnableExe(w, source, {
      exe: { trigger: { type: 'interval', intervalMs: 3_600_000 } },
    });
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({ status: 'skipped', rpcRequests: 45 });
    expect(execution.computeUnits).toBeGreaterThanOrEqual(1 + 2);
    const u = await usage(w.token);
    expect(u.rpcRequests).toEqual({ total: 45, freePerExecution: 25, free: 25, billed: 20 });
    expect(u.computeUnits.used).toBe(execution.computeUnits);
  }, 90_000);

  it('80 % of the included units: approaching', async () => {
    const w = await newWorkspace({ plan: 'pro' });
    await setUsedToday(w.workspaceId, 479_999);
    expect((await usage(w.token)).computeUnits.alert).toBe('none');
    await setUsedToday(w.workspaceId, 480_000);
    expect((await usage(w.token)).computeUnits).toMatchObject({ alert: 'approaching', overage: 0 });
  });
});
