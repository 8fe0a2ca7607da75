import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import {
  activeExe,
  BUNDLES,
  createExe,
  deleteExe,
  exeAction,
  exeBody,
  exeRow,
  exeWorld,
  getExe,
  patchFacet,
  pausedExe,
  setExeState,
  uploadRelease,
  waitForExe,
} from '../../support/executables';
import { expectError, expectStatus } from '../../support/expect';
import { api } from '../../support/http';

const switchFunction = (token: string, id: string, body: unknown) =>
  api(`/api/v1/executables/${id}/function`, { method: 'PATCH', token, body });

describe('executable state table: pause and resume', () => {
  it('active → POST pause → paused; scheduling stops (nextRunAt null)', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    expect(exe.nextRunAt).not.toBeNull();
    const res = await exeAction(w.token, exe.id, 'pause');
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({ state: 'paused', nextRunAt: null });
    expect((await exeRow(exe.id)).next_run_at).toBeNull();
  });

  it('pause is refused unless active (409 executable_not_active)', async () => {
    const w = await exeWorld();
    const exe = await pausedExe(w);
    for (const state of ['paused', 'provisioning', 'error'] as const) {
      await setExeState(exe.id, state);
      const res = await exeAction(w.token, exe.id, 'pause');
      expectError(res, 409, 'executable_not_active');
      expect(res.body.state).toBe(state);
    }
  });

  it('paused → POST resume → active with the next run from now (interval)', async () => {
    const w = await exeWorld();
    const exe = await pausedExe(w, { trigger: { type: 'interval', intervalMs: 120_000 } });
    const before = Date.now();
    const res = await exeAction(w.token, exe.id, 'resume');
    expectStatus(res, 200);
    expect(res.body.data.state).toBe('active');
    const next = Date.parse(res.body.data.nextRunAt);
    expect(next).toBeGreaterThanOrEqual(before + 120_000 - 1000);
    expect(next).toBeLessThanOrEqual(Date.now() + 120_000);
  });

  it('resume of a cron executable schedules the next croner match after now (UTC)', async () => {
    const w = await exeWorld();
    const cronspec = '17 3 * * *';
    const exe = await pausedExe(w, { trigger: { type: 'cron', cronspec } });
    const res = await exeAction(w.token, exe.id, 'resume');
    expectStatus(res, 200);
    const expected = new Cron(cronspec, { timezone: 'UTC', paused: true }).nextRun();
    expect(res.body.data.nextRunAt).toBe(expected?.toISOString());
  });

  it('resume is refused unless paused (409 executable_not_paused), with a pending switch, or on an inactive profile', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    expectError(await exeAction(w.token, exe.id, 'resume'), 409, 'executable_not_paused');
    await setExeState(exe.id, 'paused', {
      pending: { functionId: w.functionId, requestId: 'req_x', requestedAt: new Date().toISOString() },
    });
    expectError(await exeAction(w.token, exe.id, 'resume'), 409, 'function_switch_pending');
    await setExeState(exe.id, 'paused');
    await api(`/api/v1/profiles/${w.profileId}/archive`, { method: 'POST', token: w.token }); // in use: refused
    const { testDb } = await import('../../support/fixtures');
    await testDb().$sql`update profiles set state = 'archived' where id = ${w.profileId}`;
    expectError(await exeAction(w.token, exe.id, 'resume'), 409, 'profile_not_active');
    await testDb().$sql`update profiles set state = 'active' where id = ${w.profileId}`;
    expectStatus(await exeAction(w.token, exe.id, 'resume'), 200);
  });

  it('a trigger change recomputes the next run of an active executable; a paused one stays unscheduled', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    const res = await patchFacet(w.token, exe.id, 'trigger', {
      trigger: { type: 'cron', cronspec: '0 12 * * *' },
    });
    const expected = new Cron('0 12 * * *', { timezone: 'UTC', paused: true }).nextRun();
    expect(res.body.data.nextRunAt).toBe(expected?.toISOString());
    await exeAction(w.token, exe.id, 'pause');
    const paused = await patchFacet(w.token, exe.id, 'trigger', {
      trigger: { type: 'interval', intervalMs: 45_000 },
    });
    expect(paused.body.data).toMatchObject({ state: 'paused', nextRunAt: null });
  });
});

describe('executable state table: delete', () => {
  it('paused, provisioning or error → DELETE → deleted (200); then 404 and gone from the list', async () => {
    const w = await exeWorld();
    for (const state of ['paused', 'provisioning', 'error'] as const) {
      const exe = await pausedExe(w);
      await setExeState(exe.id, state);
      const res = await deleteExe(w.token, exe.id);
      expectStatus(res, 200);
      expect(res.body.data).toMatchObject({ id: exe.id, state: 'deleted', nextRunAt: null });
      expectError(await getExe(w.token, exe.id), 404, 'not_found');
      expectError(await deleteExe(w.token, exe.id), 404, 'not_found');
      expect((await exeRow(exe.id)).deleted_at).not.toBeNull();
    }
    const list = await api(`/api/v1/executables?projectId=${w.projectId}`, { token: w.token });
    expect(list.body.data).toEqual([]);
  });

  it('active → DELETE → 409 executable_active, unchanged', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    const res = await deleteExe(w.token, exe.id);
    expectError(res, 409, 'executable_active');
    expect(res.body.error).toMatch(/pause it first/);
    expect((await getExe(w.token, exe.id)).body.data.state).toBe('active');
  });
});

describe('executable state table: function switch', () => {
  it('paused → PATCH function → 202 rebuilding; the build commits function, args and sandbox atomically', async () => {
    const w = await exeWorld();
    const exe = await pausedExe(w, { args: '{"old":true}' });
    const oldRef = (await exeRow(exe.id)).sandbox_ref;
    const target = await uploadRelease(w, w.projectId, BUNDLES.textCodec);
    const res = await switchFunction(w.token, exe.id, { functionId: target, args: '{"new":1}' });
    expectStatus(res, 202);
    expect(res.body).toEqual({
      success: true,
      requestId: res.headers.get('x-request-id'),
      state: 'rebuilding',
    });

    const { exe: done } = await waitForExe(w.token, exe.id, (e) => e.pendingFunctionSwitch === undefined);
    expect(done).toMatchObject({
      state: 'paused',
      functionId: target,
      args: '{"new":1}',
      lastFunctionSwitchError: null,
    });
    const row = await exeRow(exe.id);
    expect(row.sandbox_ref).toMatch(/^isolate:/);
    expect(row.sandbox_ref).not.toBe(oldRef);
    expect(row.pending_function_switch).toBeNull();
  });

  it('without args the saved args stay; pendingFunctionSwitch is in the record while the switch is pending', async () => {
    const w = await exeWorld();
    const exe = await pausedExe(w, { args: '{"keep":1}' });
    const target = await uploadRelease(w, w.projectId);
    // hold a pending marker (no job) to read it
    await setExeState(exe.id, 'paused', {
      pending: { functionId: target, requestId: 'req_held', requestedAt: new Date().toISOString() },
    });
    const held = (await getExe(w.token, exe.id)).body.data;
    expect(held.pendingFunctionSwitch).toMatchObject({ functionId: target, requestId: 'req_held' });
    await setExeState(exe.id, 'paused');
    expect('pendingFunctionSwitch' in (await getExe(w.token, exe.id)).body.data).toBe(false);

    expectStatus(await switchFunction(w.token, exe.id, { functionId: target }), 202);
    const { exe: done } = await waitForExe(w.token, exe.id, (e) => e.functionId === target);
    expect(done.args).toBe('{"keep":1}');
  });

  it('a failed build keeps the previous function and sandbox live and records lastFunctionSwitchError', async () => {
    const w = await exeWorld();
    const exe = await pausedExe(w);
    const before = await exeRow(exe.id);
    const broken = await uploadRelease(w, w.projectId, BUNDLES.throws);
    expectStatus(await switchFunction(w.token, exe.id, { functionId: broken, args: '{"x":1}' }), 202);
    const { exe: after } = await waitForExe(w.token, exe.id, (e) => e.lastFunctionSwitchError !== null);
    expect(after).toMatchObject({ state: 'paused', functionId: w.functionId, args: '{}' });
    expect(after.pendingFunctionSwitch).toBeUndefined();
    expect(after.lastFunctionSwitchError).toMatchObject({ functionId: broken });
    expect(after.lastFunctionSwitchError.message).toMatch(/boom while loading/);
    expect(Number.isNaN(Date.parse(after.lastFunctionSwitchError.at))).toBe(false);
    expect((await exeRow(exe.id)).sandbox_ref).toBe(before.sandbox_ref);
    // it can still be resumed on the previous function, and a later good switch clears the error
    const good = await uploadRelease(w, w.projectId);
    expectStatus(await switchFunction(w.token, exe.id, { functionId: good }), 202);
    const { exe: fixed } = await waitForExe(w.token, exe.id, (e) => e.functionId === good);
    expect(fixed.lastFunctionSwitchError).toBeNull();
    expectStatus(await exeAction(w.token, exe.id, 'resume'), 200);
  });

  it('active (or provisioning, error) → PATCH function → 409 executable_must_be_paused, unchanged', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    const target = await uploadRelease(w, w.projectId);
    for (const state of ['active', 'provisioning', 'error'] as const) {
      await setExeState(exe.id, state);
      const res = await switchFunction(w.token, exe.id, { functionId: target });
      expectError(res, 409, 'executable_must_be_paused');
      expect(res.body.state).toBe(state);
    }
    expect((await exeRow(exe.id)).function_id).toBe(w.functionId);
  });

  it('a second switch while one is pending → 409 function_switch_pending', async () => {
    const w = await exeWorld();
    const exe = await pausedExe(w);
    const target = await uploadRelease(w, w.projectId);
    await setExeState(exe.id, 'paused', {
      pending: { functionId: target, requestId: 'req_first', requestedAt: new Date().toISOString() },
    });
    const res = await switchFunction(w.token, exe.id, { functionId: target });
    expectError(res, 409, 'function_switch_pending');
    expect(res.body.pendingFunctionSwitch.requestId).toBe('req_first');
  });

  it('the target must be an active release of the project; args must be a JSON object', async () => {
    const w = await exeWorld();
    const exe = await pausedExe(w);
    expectError(await switchFunction(w.token, exe.id, { functionId: 'fn_nope' }), 404, 'not_found');
    expectError(
      await switchFunction(w.token, exe.id, { functionId: w.functionId, args: '[]' }),
      400,
      'invalid_args',
    );
    expectError(await switchFunction(w.token, exe.id, {}), 400, 'invalid_request');
    expect((await exeRow(exe.id)).pending_function_switch).toBeNull();
  });
});

describe('executable lifecycle: reprovision and regenerate', () => {
  it('error → POST reprovision → provisioning → active; refused from every other state', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    for (const state of ['active', 'paused', 'provisioning'] as const) {
      await setExeState(exe.id, state);
      const res = await exeAction(w.token, exe.id, 'reprovision');
      expectError(res, 409, 'executable_not_in_error');
      expect(res.body.state).toBe(state);
    }
    await setExeState(exe.id, 'error');
    const res = await exeAction(w.token, exe.id, 'reprovision');
    expectStatus(res, 200);
    expect(res.body.data.state).toBe('provisioning');
    await waitForExe(w.token, exe.id, (e) => e.state === 'active');
  });

  it('regenerate: active and error → provisioning → active; paused stays paused with a fresh sandbox', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    const res = await exeAction(w.token, exe.id, 'regenerate');
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({ state: 'provisioning', nextRunAt: null });
    await waitForExe(w.token, exe.id, (e) => e.state === 'active');

    await setExeState(exe.id, 'error');
    expect((await exeAction(w.token, exe.id, 'regenerate')).body.data.state).toBe('provisioning');
    await waitForExe(w.token, exe.id, (e) => e.state === 'active');

    await exeAction(w.token, exe.id, 'pause');
    await testDbClearRef(exe.id);
    const paused = await exeAction(w.token, exe.id, 'regenerate');
    expectStatus(paused, 200);
    expect(paused.body.data.state).toBe('paused');
    for (let i = 0; i < 100 && !(await exeRow(exe.id)).sandbox_ref; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await exeRow(exe.id)).sandbox_ref).toMatch(/^isolate:/);
    expect((await getExe(w.token, exe.id)).body.data.state).toBe('paused');
  });

  it('regenerate is refused while provisioning or with a switch pending', async () => {
    const w = await exeWorld();
    const exe = await pausedExe(w);
    await setExeState(exe.id, 'provisioning');
    expectError(await exeAction(w.token, exe.id, 'regenerate'), 409, 'executable_not_ready');
    await setExeState(exe.id, 'paused', {
      pending: { functionId: w.functionId, requestId: 'req_p', requestedAt: new Date().toISOString() },
    });
    expectError(await exeAction(w.token, exe.id, 'regenerate'), 409, 'function_switch_pending');
  });

  it('a provisioning failure can be fixed by switching nothing: delete from error works', async () => {
    const w = await exeWorld();
    const broken = await uploadRelease(w, w.projectId, BUNDLES.noTask);
    const res = await createExe(w.token, exeBody(w, { functionId: broken }));
    await waitForExe(w.token, res.body.data.id, (e) => e.state === 'error');
    expectError(await exeAction(w.token, res.body.data.id, 'resume'), 409, 'executable_not_paused');
    expectStatus(await deleteExe(w.token, res.body.data.id), 200);
  });
});

async function testDbClearRef(id: string) {
  const { testDb } = await import('../../support/fixtures');
  await testDb().$sql`update executables set sandbox_ref = null where id = ${id}`;
}
