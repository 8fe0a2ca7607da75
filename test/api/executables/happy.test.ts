import { describe, expect, it } from 'vitest';
import { startExtraApp } from '../../support/app';
import {
  activeExe,
  BUNDLES,
  createExe,
  deleteExe,
  EXECUTABLE_KEYS,
  exeAction,
  exeBody,
  exeRow,
  exeWorld,
  getExe,
  patchFacet,
  uploadRelease,
  waitForExe,
} from '../../support/executables';
import { expectDataEnvelope, expectPageEnvelope, expectStatus } from '../../support/expect';
import { testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedProfile } from '../../support/seed';

describe('executables: create', () => {
  it('201 provisioning with every field; the sandbox build makes it active with a next run', async () => {
    const w = await exeWorld();
    const started = Date.now();
    const res = await createExe(w.token, exeBody(w, { name: '  Keeper  ' }));
    expectStatus(res, 201);
    expectDataEnvelope(res);
    const exe = res.body.data;
    expect(Object.keys(exe).sort()).toEqual(EXECUTABLE_KEYS);
    expect(exe).toMatchObject({
      projectId: w.projectId,
      functionId: w.functionId,
      profileId: w.profileId,
      name: 'Keeper',
      state: 'provisioning',
      stateReason: null,
      trigger: { type: 'interval', intervalMs: 60_000 },
      nextRunAt: null,
      args: '{}',
      secretBindings: [],
      gasMode: 'self',
      gasFallback: false,
      sponsorshipProvider: null,
      maxFeePerGas: null,
      maxCostPerRun: null,
      privateSubmission: 'auto',
      feeHold: null,
      sandboxRuntime: 'daytona',
      pinned: false,
      lastFunctionSwitchError: null,
    });
    expect(exe.id).toMatch(/^exe_[0-9A-HJKMNP-TV-Z]{26}$/);

    const { exe: active, ms } = await waitForExe(w.token, exe.id, (e) => e.state === 'active');
    console.info(`executable create → active in ${Date.now() - started} ms (polled ${ms} ms)`);
    expect(active.stateReason).toBeNull();
    const next = Date.parse(active.nextRunAt);
    expect(next).toBeGreaterThan(Date.now() + 50_000);
    expect(next).toBeLessThanOrEqual(Date.now() + 60_000);
    const row = await exeRow(exe.id);
    expect(row.sandbox_ref).toMatch(/^isolate:[0-9a-f]{64}$/);
    expect(JSON.stringify(active)).not.toContain('isolate:');
  });

  it('stores every optional field as given', async () => {
    const w = await exeWorld();
    const created = Date.now();
    const res = await createExe(
      w.token,
      exeBody(w, {
        trigger: { type: 'cron', cronspec: '  */5   * * * * ' },
        args: '{"threshold":3,"to":"0xabc"}',
        secretBindings: [{ secretId: w.secretId, envKey: 'API_KEY' }],
        gasMode: 'sponsored',
        gasFallback: true,
        sponsorshipProvider: 'alchemy',
        maxFeePerGas: '50000000000',
        maxCostPerRun: '10000000000000000',
        sandboxRuntime: 'daytona',
      }),
    );
    expectStatus(res, 201);
    expect(res.body.data).toMatchObject({
      maxFeePerGas: '50000000000',
      maxCostPerRun: '10000000000000000',
      feeHold: null,
      trigger: { type: 'cron', cronspec: '*/5 * * * *' },
      args: '{"threshold":3,"to":"0xabc"}',
      secretBindings: [{ secretId: w.secretId, envKey: 'API_KEY' }],
      gasMode: 'sponsored',
      gasFallback: true,
      sponsorshipProvider: 'alchemy',
    });
    expect(res.text).not.toContain('very-secret-value');
    const { exe } = await waitForExe(w.token, res.body.data.id, (e) => e.state === 'active');
    const next = new Date(exe.nextRunAt);
    expect(next.getUTCMinutes() % 5).toBe(0);
    expect(next.getUTCSeconds()).toBe(0);
    // the next match after its activation, some time between `created` and now (a match can pass between the
    // activation and this check, the likelier the slower the machine: "after now" would fail then)
    expect(next.getTime()).toBeGreaterThan(created);
    expect(next.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  });

  it('the gas mode defaults by profile kind: sponsored for roles, self otherwise; every allowed mode is accepted', async () => {
    const w = await exeWorld();
    const roles = await seedProfile(w.workspaceId, w.projectId, { kind: 'roles' });
    const safe = await seedProfile(w.workspaceId, w.projectId, { kind: 'safe' });
    const onRoles = await createExe(w.token, exeBody(w, { profileId: roles.id }));
    expectStatus(onRoles, 201);
    expect(onRoles.body.data.gasMode).toBe('sponsored');
    const onSafe = await createExe(w.token, exeBody(w, { profileId: safe.id }));
    expect(onSafe.body.data.gasMode).toBe('self');
    for (const gasMode of ['self', 'sponsored'])
      expectStatus(await createExe(w.token, exeBody(w, { profileId: safe.id, gasMode })), 201);
    for (const gasMode of ['self', 'sponsored', 'self-funded'])
      expectStatus(await createExe(w.token, exeBody(w, { gasMode })), 201);
  });

  it('interval bounds are inclusive: 30 s and one day', async () => {
    const w = await exeWorld();
    for (const intervalMs of [30_000, 86_400_000])
      expectStatus(await createExe(w.token, exeBody(w, { trigger: { type: 'interval', intervalMs } })), 201);
  });

  it('a bundle that uses TextEncoder/TextDecoder at load becomes active (polyfilled in the isolate)', async () => {
    const w = await exeWorld();
    const functionId = await uploadRelease(w, w.projectId, BUNDLES.textCodec);
    const res = await createExe(w.token, exeBody(w, { functionId }));
    const { exe } = await waitForExe(w.token, res.body.data.id, (e) => e.state !== 'provisioning');
    expect(exe).toMatchObject({ state: 'active', stateReason: null });
  });

  it('a release with permissions.json on a legacy profile is covered', async () => {
    const w = await exeWorld();
    const permissions = JSON.stringify({
      calls: [{ to: '0x000000000000000000000000000000000000dEaD', functions: ['transfer(address,uint256)'] }],
    });
    const functionId = await uploadRelease(w, w.projectId, undefined, { 'permissions.json': permissions });
    expectStatus(await createExe(w.token, exeBody(w, { functionId })), 201);
  });

  it('gvisor is accepted where the deployment configures its runner', async () => {
    const w = await exeWorld();
    const extra = await startExtraApp({ TICKWORK_GVISOR_RUNNER: 'local' });
    try {
      const res = await api('/api/v1/executables', {
        method: 'POST',
        token: w.token,
        body: exeBody(w, { sandboxRuntime: 'gvisor' }),
        baseUrl: extra.baseUrl,
      });
      expectStatus(res, 201);
      expect(res.body.data).toMatchObject({ sandboxRuntime: 'gvisor', sandboxRunner: 'gvisor' });
      // The build runs on the main app's worker, which has no gVisor runner: it says so rather than build
      // elsewhere (test/engine/gvisor.test.ts runs gvisor executables on a deployment configured throughout).
      const { exe } = await waitForExe(w.token, res.body.data.id, (e) => e.state === 'error');
      expect(exe.stateReason).toBe('the gvisor sandbox runtime is not configured on this deployment');
      // Read on the main app, which has no gVisor runner: the executable says its runtime is unavailable here.
      expect(exe.sandboxRunner).toBe('unavailable');
    } finally {
      await extra.stop();
    }
  });

  it('a deployment with a bad gVisor runner setting does not start (rather than fail reads later)', async () => {
    await expect(
      startExtraApp({ TICKWORK_GVISOR_RUNNER: 'local', TICKWORK_GVISOR_POOL_SIZE: 'lots' }),
    ).rejects.toThrow(/the app exited with 1/);
  });
});

describe('executables: read', () => {
  it('GET one; the list is a Page of the project, newest first, without deleted ones', async () => {
    const w = await exeWorld();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createExe(w.token, exeBody(w))).body.data.id);
    const one = await getExe(w.token, ids[0]);
    expectStatus(one, 200);
    expectDataEnvelope(one);
    expect(one.body.data.id).toBe(ids[0]);

    await waitForExe(w.token, ids[1], (e) => e.state === 'active');
    expectStatus(await exeAction(w.token, ids[1], 'pause'), 200);
    expectStatus(await deleteExe(w.token, ids[1]), 200);

    const first = await api(`/api/v1/executables?projectId=${w.projectId}&limit=1`, { token: w.token });
    expectStatus(first, 200);
    expectPageEnvelope(first);
    expect(first.body.data.map((e: any) => e.id)).toEqual([ids[2]]);
    expect(first.body.pagination.isDone).toBe(false);
    const rest = await api(
      `/api/v1/executables?projectId=${w.projectId}&limit=5&cursor=${first.body.pagination.cursor}`,
      { token: w.token },
    );
    expect(rest.body.data.map((e: any) => e.id)).toEqual([ids[0]]);
    expect(rest.body.pagination.isDone).toBe(true);
    for (const e of rest.body.data) expect(Object.keys(e).sort()).toEqual(EXECUTABLE_KEYS);
  });
});

describe('executables: configuration facets, one per request', () => {
  it('the gas facet sets the fee caps, keeps them when omitted, clears them with null, and audits the change', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w, { maxFeePerGas: '30000000000' });
    expect(exe).toMatchObject({ maxFeePerGas: '30000000000', maxCostPerRun: null, feeHold: null });

    const set = await patchFacet(w.token, exe.id, 'gas-mode', {
      gasMode: 'self',
      maxFeePerGas: '40000000000',
      maxCostPerRun: '5000000000000000',
    });
    expectStatus(set, 200);
    expect(set.body.data).toMatchObject({ maxFeePerGas: '40000000000', maxCostPerRun: '5000000000000000' });

    const kept = await patchFacet(w.token, exe.id, 'gas-mode', { gasMode: 'self', gasFallback: true });
    expect(kept.body.data).toMatchObject({
      gasFallback: true,
      maxFeePerGas: '40000000000',
      maxCostPerRun: '5000000000000000',
    });

    const cleared = await patchFacet(w.token, exe.id, 'gas-mode', { gasMode: 'self', maxFeePerGas: null });
    expect(cleared.body.data).toMatchObject({ maxFeePerGas: null, maxCostPerRun: '5000000000000000' });
    expect((await getExe(w.token, exe.id)).body.data).toMatchObject({
      maxFeePerGas: null,
      maxCostPerRun: '5000000000000000',
      feeHold: null,
    });

    const audit = await testDb().$sql<{ action: string; details: Record<string, unknown> }[]>`
      select action, details from audit_events where target_id = ${exe.id} order by id`;
    expect(audit.find((e) => e.action === 'executable.created')?.details).toMatchObject({
      maxFeePerGas: '30000000000',
    });
    expect(audit.filter((e) => e.action === 'executable.gas_changed').map((e) => e.details)).toEqual([
      {
        name: exe.name,
        previousGasMode: 'self',
        gasMode: 'self',
        maxFeePerGas: '40000000000',
        previousMaxFeePerGas: '30000000000',
        maxCostPerRun: '5000000000000000',
        previousMaxCostPerRun: null,
      },
      { name: exe.name, previousGasMode: 'self', gasMode: 'self', gasFallback: true },
      {
        name: exe.name,
        previousGasMode: 'self',
        gasMode: 'self',
        maxFeePerGas: null,
        previousMaxFeePerGas: '40000000000',
      },
    ]);
  });

  it('args, gas-mode, pinned, profile, secrets, sponsorship-provider and trigger each change their own field', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    const other = await seedProfile(w.workspaceId, w.projectId);

    const args = await patchFacet(w.token, exe.id, 'args', { args: '{"a":[1,2]}' });
    expectStatus(args, 200);
    expect(args.body.data.args).toBe('{"a":[1,2]}');

    const gas = await patchFacet(w.token, exe.id, 'gas-mode', {
      gasMode: 'sponsored',
      gasFallback: true,
      sponsorshipProvider: 'pimlico',
    });
    expectStatus(gas, 200);
    expect(gas.body.data).toMatchObject({
      gasMode: 'sponsored',
      gasFallback: true,
      sponsorshipProvider: 'pimlico',
    });

    const pinned = await patchFacet(w.token, exe.id, 'pinned', { pinned: true });
    expect(pinned.body.data.pinned).toBe(true);

    const profile = await patchFacet(w.token, exe.id, 'profile', { profileId: other.id });
    expectStatus(profile, 200);
    expect(profile.body.data.profileId).toBe(other.id);

    const bound = await patchFacet(w.token, exe.id, 'secrets', {
      secretBindings: [{ secretId: w.secretId, envKey: 'TOKEN_A' }],
    });
    expect(bound.body.data.secretBindings).toEqual([{ secretId: w.secretId, envKey: 'TOKEN_A' }]);
    const cleared = await patchFacet(w.token, exe.id, 'secrets', { secretBindings: [] });
    expect(cleared.body.data.secretBindings).toEqual([]);

    const sponsor = await patchFacet(w.token, exe.id, 'sponsorship-provider', {
      sponsorshipProvider: 'alchemy',
    });
    expect(sponsor.body.data.sponsorshipProvider).toBe('alchemy');

    const trigger = await patchFacet(w.token, exe.id, 'trigger', {
      trigger: { type: 'interval', intervalMs: 3_600_000 },
    });
    expectStatus(trigger, 200);
    expect(trigger.body.data.trigger).toEqual({ type: 'interval', intervalMs: 3_600_000 });
    const next = Date.parse(trigger.body.data.nextRunAt);
    expect(next).toBeGreaterThan(Date.now() + 3_500_000);

    const final = (await getExe(w.token, exe.id)).body.data;
    expect(final).toMatchObject({
      args: '{"a":[1,2]}',
      gasMode: 'sponsored',
      pinned: true,
      profileId: other.id,
      secretBindings: [],
      sponsorshipProvider: 'alchemy',
      state: 'active',
    });
  });
});
