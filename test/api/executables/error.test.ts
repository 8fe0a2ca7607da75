import { describe, expect, it } from 'vitest';
import {
  activeExe,
  BUNDLES,
  createExe,
  deleteExe,
  exeAction,
  exeBody,
  exeWorld,
  getExe,
  patchFacet,
  seedExecutableRows,
  uploadRelease,
  waitForExe,
} from '../../support/executables';
import { expectError, expectStatus } from '../../support/expect';
import { newProject } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedProfile } from '../../support/seed';

describe('executables: create validation', () => {
  it('interval triggers outside 30 s .. one day → 400 invalid_trigger', async () => {
    const w = await exeWorld();
    for (const intervalMs of [29_999, 86_400_001, 0, -60_000]) {
      const res = await createExe(w.token, exeBody(w, { trigger: { type: 'interval', intervalMs } }));
      expectError(res, 400, 'invalid_trigger');
      expect(res.body).toMatchObject({ minMs: 30_000, maxMs: 86_400_000 });
    }
  });

  it('cron that is not a standard 5-field expression, out of range or never firing → 400 invalid_cron', async () => {
    const w = await exeWorld();
    for (const cronspec of [
      'bad',
      '* * * *',
      '0 * * * * *',
      '61 * * * *',
      '* 24 * * *',
      '0 0 30 2 *',
      '*/x * * * *',
    ])
      expectError(
        await createExe(w.token, exeBody(w, { trigger: { type: 'cron', cronspec } })),
        400,
        'invalid_cron',
      );
  });

  it('malformed triggers (unknown type, missing or extra fields, non-integer) → 400 invalid_request', async () => {
    const w = await exeWorld();
    for (const trigger of [
      { type: 'webhook' },
      { type: 'interval' },
      { type: 'interval', intervalMs: 60_000.5 },
      { type: 'cron', cronspec: '* * * * *', extra: 1 },
      { type: 'interval', intervalMs: '60000' },
    ])
      expectError(await createExe(w.token, exeBody(w, { trigger })), 400, 'invalid_request');
  });

  it('required fields are reported', async () => {
    const w = await exeWorld();
    const res = await createExe(w.token, {});
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path).sort()).toEqual(
      ['functionId', 'name', 'profileId', 'projectId', 'trigger'].sort(),
    );
  });

  it('the function must be an active release of the project', async () => {
    const w = await exeWorld();
    expectError(await createExe(w.token, exeBody(w, { functionId: 'fn_unknown' })), 404, 'not_found');
    const other = await newProject(w.workspaceId);
    const foreignFn = await uploadRelease(w, other.id);
    expectError(
      await createExe(w.token, exeBody(w, { functionId: foreignFn })),
      400,
      'function_not_in_project',
    );
    const doomed = await uploadRelease(w, w.projectId);
    expectStatus(await api(`/api/v1/functions/${doomed}`, { method: 'DELETE', token: w.token }), 200);
    expectError(await createExe(w.token, exeBody(w, { functionId: doomed })), 409, 'function_deleted');
  });

  it('the profile must be active, in the project and on an enabled chain', async () => {
    const w = await exeWorld();
    expectError(await createExe(w.token, exeBody(w, { profileId: 'prf_unknown' })), 404, 'not_found');
    for (const state of ['archived', 'pending'] as const) {
      const p = await seedProfile(w.workspaceId, w.projectId, { state });
      const res = await createExe(w.token, exeBody(w, { profileId: p.id }));
      expectError(res, 409, 'profile_not_active');
      expect(res.body.state).toBe(state);
    }
    const other = await newProject(w.workspaceId);
    const elsewhere = await seedProfile(w.workspaceId, other.id);
    expectError(
      await createExe(w.token, exeBody(w, { profileId: elsewhere.id })),
      400,
      'profile_not_in_project',
    );
    const offChain = await seedProfile(w.workspaceId, w.projectId, { chainId: 999_999 });
    const res = await createExe(w.token, exeBody(w, { profileId: offChain.id }));
    expectError(res, 400, 'chain_not_enabled');
    expect(res.body.chainId).toBe(999_999);
  });

  it('gas modes the profile kind does not allow → 400 gas_mode_not_allowed', async () => {
    const w = await exeWorld();
    const roles = await seedProfile(w.workspaceId, w.projectId, { kind: 'roles' });
    const safe = await seedProfile(w.workspaceId, w.projectId, { kind: 'safe' });
    for (const gasMode of ['self', 'self-funded']) {
      const res = await createExe(w.token, exeBody(w, { profileId: roles.id, gasMode }));
      expectError(res, 400, 'gas_mode_not_allowed');
      expect(res.body.allowedGasModes).toEqual(['sponsored']);
    }
    // Safe profiles take all three (issue 9): the executor sends transactions and user operations alike
    for (const gasMode of ['self', 'sponsored', 'self-funded'])
      expect((await createExe(w.token, exeBody(w, { profileId: safe.id, gasMode }))).status).toBe(201);
    expectError(await createExe(w.token, exeBody(w, { gasMode: 'free' })), 400, 'invalid_request');
  });

  it('privateSubmission "only" where the chain names no private endpoint → 400 private_submission_unavailable', async () => {
    const w = await exeWorld();
    // the test deployment's local chain names no private transaction endpoint
    expectError(
      await createExe(w.token, exeBody(w, { privateSubmission: 'only' })),
      400,
      'private_submission_unavailable',
    );
    const exe = await createExe(w.token, exeBody(w, { privateSubmission: 'off' }));
    expect(exe.status).toBe(201);
    expect(exe.body.data.privateSubmission).toBe('off');
    expectError(
      await patchFacet(w.token, exe.body.data.id, 'gas-mode', { gasMode: 'self', privateSubmission: 'only' }),
      400,
      'private_submission_unavailable',
    );
    expect((await getExe(w.token, exe.body.data.id)).body.data.privateSubmission).toBe('off');
    expectError(
      await createExe(w.token, exeBody(w, { privateSubmission: 'always' })),
      400,
      'invalid_request',
    );
  });

  it('sponsorshipProvider is pimlico or alchemy only; sandboxRuntime daytona, or gvisor where configured', async () => {
    const w = await exeWorld();
    for (const sponsorshipProvider of ['stackup', '', 'PIMLICO'])
      expectError(await createExe(w.token, exeBody(w, { sponsorshipProvider })), 400, 'invalid_request');
    const res = await createExe(w.token, exeBody(w, { sandboxRuntime: 'gvisor' }));
    expectError(res, 400, 'sandbox_runtime_unavailable');
    expectError(await createExe(w.token, exeBody(w, { sandboxRuntime: 'docker' })), 400, 'invalid_request');
  });

  it('secret bindings: unknown or other-project secrets, duplicate or malformed env keys → 400', async () => {
    const w = await exeWorld();
    const unknown = await createExe(
      w.token,
      exeBody(w, { secretBindings: [{ secretId: 'sec_nope', envKey: 'A' }] }),
    );
    expectError(unknown, 400, 'secret_not_found');
    expect(unknown.body.secretIds).toEqual(['sec_nope']);

    const other = await newProject(w.workspaceId);
    const foreign = await api('/api/v1/secrets', {
      method: 'POST',
      token: w.token,
      body: { projectId: other.id, name: 'ELSEWHERE', value: 'x' },
    });
    expectError(
      await createExe(
        w.token,
        exeBody(w, { secretBindings: [{ secretId: foreign.body.data.id, envKey: 'A' }] }),
      ),
      400,
      'secret_not_found',
    );
    const dup = await createExe(
      w.token,
      exeBody(w, {
        secretBindings: [
          { secretId: w.secretId, envKey: 'SAME' },
          { secretId: w.secretId, envKey: 'SAME' },
        ],
      }),
    );
    expectError(dup, 400, 'duplicate_env_key');
    for (const envKey of ['1ABC', 'A-B', '', 'A B', 'a.b', 'ÄPI', '__proto__', 'K'.repeat(129)])
      expectError(
        await createExe(w.token, exeBody(w, { secretBindings: [{ secretId: w.secretId, envKey }] })),
        400,
        'invalid_request',
      );
    // the same secret under several names is fine, in either case as Defender's stack secrets are named
    expectStatus(
      await createExe(
        w.token,
        exeBody(w, {
          secretBindings: [
            { secretId: w.secretId, envKey: 'A' },
            { secretId: w.secretId, envKey: '_B_2' },
            { secretId: w.secretId, envKey: 'refill_tokens_TOKEN_TYPE' },
            { secretId: w.secretId, envKey: 'a' },
          ],
        }),
      ),
      201,
    );
  });

  it('args must be a JSON-encoded object → 400 invalid_args', async () => {
    const w = await exeWorld();
    for (const args of ['{', 'not json', '[1,2]', '"text"', 'null', '42', ''])
      expectError(await createExe(w.token, exeBody(w, { args })), 400, 'invalid_args');
    expectError(await createExe(w.token, exeBody(w, { args: { a: 1 } })), 400, 'invalid_request');
  });
});

describe('executables: plan limits on the executable count', () => {
  it.each([
    ['free', 3],
    ['pro', 20],
    ['enterprise', 100],
  ] as const)('%s: %i non-deleted executables, then 403 plan_limit_exceeded', async (plan, limit) => {
    const w = await exeWorld({ plan });
    const base = {
      workspaceId: w.workspaceId,
      projectId: w.projectId,
      functionId: w.functionId,
      profileId: w.profileId,
    };
    await seedExecutableRows(base, limit - 1);
    await seedExecutableRows(base, 2, 'deleted'); // deleted ones do not count
    expectStatus(await createExe(w.token, exeBody(w)), 201);
    const res = await createExe(w.token, exeBody(w));
    expectError(res, 403, 'plan_limit_exceeded');
    expect(res.body).toMatchObject({ limit, used: limit });
    const list = await api(`/api/v1/executables?projectId=${w.projectId}&limit=200`, { token: w.token });
    expect(list.body.data).toHaveLength(limit);
  });

  it('deleting one frees a place', async () => {
    const w = await exeWorld({ plan: 'free' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createExe(w.token, exeBody(w))).body.data.id);
    expectError(await createExe(w.token, exeBody(w)), 403, 'plan_limit_exceeded');
    await waitForExe(w.token, ids[0], (e) => e.state === 'active');
    await exeAction(w.token, ids[0], 'pause');
    expectStatus(await deleteExe(w.token, ids[0]), 200);
    expectStatus(await createExe(w.token, exeBody(w)), 201);
  });
});

describe('executables: provisioning failures', () => {
  it.each([
    ['no task default export', BUNDLES.noTask, /default export/],
    ['no default export at all', BUNDLES.noDefault, /default export/],
    ['throws on evaluation', BUNDLES.throws, /failed to evaluate: boom while loading/],
    ['a syntax error', BUNDLES.syntax, /does not compile/],
    ['an import', BUNDLES.imports, /imports are not available/],
  ])('a bundle with %s → error with a readable stateReason', async (_, source, reason) => {
    const w = await exeWorld();
    const functionId = await uploadRelease(w, w.projectId, source);
    const res = await createExe(w.token, exeBody(w, { functionId }));
    expectStatus(res, 201);
    const { exe } = await waitForExe(w.token, res.body.data.id, (e) => e.state !== 'provisioning');
    expect(exe.state).toBe('error');
    expect(exe.stateReason).toMatch(reason);
    expect(exe.nextRunAt).toBeNull();
    expect(exe.stateReason).not.toMatch(/node_modules|\/work\/|\.next/);
  });

  it('reprovision of a bundle that still fails ends in error again', async () => {
    const w = await exeWorld();
    const functionId = await uploadRelease(w, w.projectId, BUNDLES.throws);
    const res = await createExe(w.token, exeBody(w, { functionId }));
    await waitForExe(w.token, res.body.data.id, (e) => e.state === 'error');
    const again = await exeAction(w.token, res.body.data.id, 'reprovision');
    expectStatus(again, 200);
    expect(again.body.data).toMatchObject({ state: 'provisioning', stateReason: null });
    const { exe } = await waitForExe(w.token, res.body.data.id, (e) => e.state === 'error');
    expect(exe.stateReason).toMatch(/boom while loading/);
  });
});

describe('executables: facet validation', () => {
  it('each facet validates its body like create does', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    const roles = await seedProfile(w.workspaceId, w.projectId, { kind: 'roles' });
    const archived = await seedProfile(w.workspaceId, w.projectId, { state: 'archived' });
    expectError(await patchFacet(w.token, exe.id, 'args', { args: '[]' }), 400, 'invalid_args');
    expectError(
      await patchFacet(w.token, exe.id, 'trigger', { trigger: { type: 'interval', intervalMs: 1000 } }),
      400,
      'invalid_trigger',
    );
    expectError(
      await patchFacet(w.token, exe.id, 'trigger', { trigger: { type: 'cron', cronspec: '* * *' } }),
      400,
      'invalid_cron',
    );
    // the executable's gas mode (self) is not allowed for a roles profile
    expectError(
      await patchFacet(w.token, exe.id, 'profile', { profileId: roles.id }),
      400,
      'gas_mode_not_allowed',
    );
    expectError(
      await patchFacet(w.token, exe.id, 'profile', { profileId: archived.id }),
      409,
      'profile_not_active',
    );
    expectError(await patchFacet(w.token, exe.id, 'profile', { profileId: 'prf_nope' }), 404, 'not_found');
    expectError(
      await patchFacet(w.token, exe.id, 'secrets', { secretBindings: [{ secretId: 'sec_x', envKey: 'A' }] }),
      400,
      'secret_not_found',
    );
    expectError(await patchFacet(w.token, exe.id, 'secrets', {}), 400, 'invalid_request');
    expectError(
      await patchFacet(w.token, exe.id, 'sponsorship-provider', { sponsorshipProvider: 'other' }),
      400,
      'invalid_request',
    );
    expectError(await patchFacet(w.token, exe.id, 'pinned', { pinned: 'yes' }), 400, 'invalid_request');
    expectError(await patchFacet(w.token, exe.id, 'gas-mode', { gasFallback: true }), 400, 'invalid_request');
    // nothing changed
    const now = (await getExe(w.token, exe.id)).body.data;
    expect(now).toMatchObject({ args: '{}', trigger: exe.trigger, profileId: w.profileId, pinned: false });
  });

  it('fee caps that are not positive wei strings → 400 invalid_request naming the field, on create and PATCH', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    const bad = [
      '0',
      '00',
      '-1',
      '1.5',
      '1e18',
      ' 1',
      '0x10',
      '',
      '9'.repeat(79),
      1000,
      1.5,
      true,
      {},
      ['1'],
    ];
    for (const field of ['maxFeePerGas', 'maxCostPerRun'])
      for (const value of bad) {
        const created = await createExe(w.token, exeBody(w, { [field]: value }));
        expectError(created, 400, 'invalid_request');
        expect(created.body.details.map((d: { path: string }) => d.path)).toContain(field);
        const patched = await patchFacet(w.token, exe.id, 'gas-mode', { gasMode: 'self', [field]: value });
        expectError(patched, 400, 'invalid_request');
        expect(patched.body.details.map((d: { path: string }) => d.path)).toContain(field);
      }
    // the largest accepted: 78 digits
    const huge = '9'.repeat(78);
    const ok = await patchFacet(w.token, exe.id, 'gas-mode', { gasMode: 'self', maxCostPerRun: huge });
    expectStatus(ok, 200);
    expect(ok.body.data).toMatchObject({ maxFeePerGas: null, maxCostPerRun: huge });
  });

  it('on a roles profile only sponsored gas is allowed', async () => {
    const w = await exeWorld();
    const roles = await seedProfile(w.workspaceId, w.projectId, { kind: 'roles' });
    const exe = await activeExe(w, { profileId: roles.id });
    expectError(
      await patchFacet(w.token, exe.id, 'gas-mode', { gasMode: 'self' }),
      400,
      'gas_mode_not_allowed',
    );
    expectStatus(await patchFacet(w.token, exe.id, 'gas-mode', { gasMode: 'sponsored' }), 200);
  });

  it('a deleted executable is 404 everywhere', async () => {
    const w = await exeWorld();
    const created = await createExe(w.token, exeBody(w));
    const id = created.body.data.id;
    await waitForExe(w.token, id, (e) => e.state === 'active');
    await exeAction(w.token, id, 'pause');
    expectStatus(await deleteExe(w.token, id), 200);
    expectError(await getExe(w.token, id), 404, 'not_found');
    expectError(await deleteExe(w.token, id), 404, 'not_found');
    expectError(await patchFacet(w.token, id, 'pinned', { pinned: true }), 404, 'not_found');
    expectError(await patchFacet(w.token, id, 'function', { functionId: w.functionId }), 404, 'not_found');
    for (const action of ['pause', 'resume', 'reprovision', 'regenerate'])
      expectError(await exeAction(w.token, id, action), 404, 'not_found');
  });
});
