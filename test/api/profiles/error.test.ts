import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ExtraApp, startExtraApp } from '../../support/app';
import { expectError } from '../../support/expect';
import { newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { createProfile, profileAction } from '../../support/profiles';
import { seedExecutable, seedProfile } from '../../support/seed';

async function setup(plan: 'free' | 'pro' = 'free') {
  const owner = await newWorkspace({ plan });
  const project = await newProject(owner.workspaceId);
  return { owner, project };
}

const profileCount = async (workspaceId: string) => {
  const [row] = await testDb()
    .$sql`select count(*)::int as n from profiles where workspace_id = ${workspaceId}`;
  return row.n as number;
};

describe('profiles: request validation', () => {
  it('create: missing, mistyped, empty, too long or unknown fields → 400 invalid_request, nothing written', async () => {
    const { owner, project } = await setup();
    const valid = { projectId: project.id, alias: 'ok', chainId: 31337 };
    const bad: unknown[] = [
      {},
      { ...valid, projectId: undefined },
      { ...valid, alias: undefined },
      { ...valid, chainId: undefined },
      { ...valid, chainId: '31337' },
      { ...valid, chainId: 31337.5 },
      { ...valid, chainId: 0 },
      { ...valid, chainId: -1 },
      { ...valid, alias: '' },
      { ...valid, alias: '   ' },
      { ...valid, alias: 'x'.repeat(101) },
      { ...valid, alias: 7 },
      { ...valid, projectId: '' },
      { ...valid, name: 'not a create field' },
      { ...valid, kind: 'safe' },
      { ...valid, privateKey: '0x01' },
      [valid],
      'text',
    ];
    for (const body of bad) {
      const res = await createProfile(owner.token, body as Record<string, unknown>);
      expectError(res, 400, 'invalid_request');
      expect(Array.isArray(res.body.details)).toBe(true);
    }
    expectError(
      await api('/api/v1/profiles', { method: 'POST', token: owner.token, raw: '{"projectId":' }),
      400,
      'invalid_request',
    );
    expect(await profileCount(owner.workspaceId)).toBe(0);
  });

  it('rename and share bodies are validated too', async () => {
    const { owner, project } = await setup();
    const seeded = await seedProfile(owner.workspaceId, project.id);
    for (const body of [
      {},
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 1 },
      { name: 'a', alias: 'b' },
    ]) {
      const res = await api(`/api/v1/profiles/${seeded.id}`, { method: 'PATCH', token: owner.token, body });
      expectError(res, 400, 'invalid_request');
    }
    for (const body of [
      {},
      { targetProjectId: '' },
      { targetProjectId: project.id, alias: '' },
      { targetProjectId: project.id, extra: 1 },
    ]) {
      expectError(await profileAction(owner.token, seeded.id, 'share', body), 400, 'invalid_request');
    }
  });

  it('list: projectId required, limit 1..200, cursor must be ours → 400 invalid_request', async () => {
    const { owner, project } = await setup();
    for (const qs of [
      '',
      `projectId=${project.id}&limit=0`,
      `projectId=${project.id}&limit=201`,
      `projectId=${project.id}&limit=x`,
      `projectId=${project.id}&cursor=garbage`,
    ]) {
      expectError(await api(`/api/v1/profiles?${qs}`, { token: owner.token }), 400, 'invalid_request');
    }
  });

  it('unknown project or profile ids → 404 not_found everywhere', async () => {
    const { owner, project } = await setup();
    expectError(
      await createProfile(owner.token, { projectId: 'prj_missing', alias: 'a', chainId: 31337 }),
      404,
      'not_found',
    );
    expectError(
      await api('/api/v1/profiles?projectId=prj_missing', { token: owner.token }),
      404,
      'not_found',
    );
    expectError(await api('/api/v1/profiles/prf_missing', { token: owner.token }), 404, 'not_found');
    expectError(
      await api('/api/v1/profiles/prf_missing', { method: 'PATCH', token: owner.token, body: { name: 'x' } }),
      404,
      'not_found',
    );
    for (const action of ['archive', 'unarchive', 'retry'])
      expectError(await profileAction(owner.token, 'prf_missing', action), 404, 'not_found');
    expectError(
      await profileAction(owner.token, 'prf_missing', 'share', { targetProjectId: project.id }),
      404,
      'not_found',
    );
    const seeded = await seedProfile(owner.workspaceId, project.id);
    expectError(
      await profileAction(owner.token, seeded.id, 'share', { targetProjectId: 'prj_missing' }),
      404,
      'not_found',
    );
  });
});

describe('profiles: chain checks on create', () => {
  it('a chain the deployment does not enable → 400 chain_not_enabled', async () => {
    const { owner, project } = await setup('pro');
    const res = await createProfile(owner.token, { projectId: project.id, alias: 'a', chainId: 999_999 });
    expectError(res, 400, 'chain_not_enabled');
    expect(res.body.chainId).toBe(999_999);
    expect(await profileCount(owner.workspaceId)).toBe(0);
  });

  describe('on a deployment with a mainnet and a testnet without a 7702 delegate', () => {
    let app: ExtraApp;
    beforeAll(async () => {
      app = await startExtraApp({
        TICKWORK_CHAINS: JSON.stringify([
          {
            chainId: 31337,
            name: 'Anvil (local)',
            network: 'anvil',
            rpcUrl: inject('rpcUrl'),
            testnet: true,
          },
          { chainId: 1, name: 'Ethereum', network: 'mainnet', rpcUrl: inject('rpcUrl'), testnet: false },
          {
            chainId: 11155111,
            name: 'Sepolia',
            network: 'sepolia',
            rpcUrl: 'http://127.0.0.1:9',
            testnet: true,
          },
        ]),
      });
    });
    afterAll(async () => app?.stop());

    const create = (token: string, body: unknown) =>
      api('/api/v1/profiles', { method: 'POST', token, body, baseUrl: app.baseUrl });

    it('Free: a mainnet → 403 chain_not_on_plan; nothing written', async () => {
      const { owner, project } = await setup('free');
      const res = await create(owner.token, { projectId: project.id, alias: 'a', chainId: 1 });
      expectError(res, 403, 'chain_not_on_plan');
      expect(res.body).toMatchObject({ chainId: 1, plan: 'free' });
      expect(await profileCount(owner.workspaceId)).toBe(0);
    });

    it('Pro passes the plan check; a chain without Simple7702Account → 403 legacy_profiles_disabled', async () => {
      const pro = await setup('pro');
      expectError(
        await create(pro.owner.token, { projectId: pro.project.id, alias: 'a', chainId: 1 }),
        403,
        'legacy_profiles_disabled',
      );
      const free = await setup('free');
      const res = await create(free.owner.token, {
        projectId: free.project.id,
        alias: 'a',
        chainId: 11155111,
      });
      expectError(res, 403, 'legacy_profiles_disabled');
      expect(res.body.chainId).toBe(11155111);
      expect(await profileCount(pro.owner.workspaceId)).toBe(0);
      expect(await profileCount(free.owner.workspaceId)).toBe(0);
    });

    it('the chain with contracts still works there (201)', async () => {
      const { owner, project } = await setup('free');
      const res = await create(owner.token, { projectId: project.id, alias: 'a', chainId: 31337 });
      expect(res.status, res.text).toBe(201);
    });

    it('a chain whose RPC does not answer: the profile reads with balance null, quickly', async () => {
      const { owner, project } = await setup('free');
      const seeded = await seedProfile(owner.workspaceId, project.id, { chainId: 11155111 });
      const started = Date.now();
      const res = await api(`/api/v1/profiles/${seeded.id}`, { token: owner.token, baseUrl: app.baseUrl });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.balance).toBeNull();
      expect(Date.now() - started).toBeLessThan(5_000);
      const list = await api(`/api/v1/profiles?projectId=${project.id}`, {
        token: owner.token,
        baseUrl: app.baseUrl,
      });
      expect(list.body.data[0].balance).toBeNull();
    });
  });

  describe('on a deployment with TICKWORK_LEGACY_PROFILES=false', () => {
    let app: ExtraApp;
    beforeAll(async () => {
      app = await startExtraApp({ TICKWORK_LEGACY_PROFILES: 'false' });
    });
    afterAll(async () => app?.stop());

    it('creation → 403 legacy_profiles_disabled even where a delegate exists; the other routes work', async () => {
      const { owner, project } = await setup();
      const res = await api('/api/v1/profiles', {
        method: 'POST',
        token: owner.token,
        body: { projectId: project.id, alias: 'a', chainId: 31337 },
        baseUrl: app.baseUrl,
      });
      expectError(res, 403, 'legacy_profiles_disabled');
      expect(await profileCount(owner.workspaceId)).toBe(0);
      const seeded = await seedProfile(owner.workspaceId, project.id);
      const read = await api(`/api/v1/profiles/${seeded.id}`, { token: owner.token, baseUrl: app.baseUrl });
      expect(read.status).toBe(200);
    });
  });
});

describe('profiles: refused transitions (409)', () => {
  it('archive: only from active; profile_in_use names the executables', async () => {
    const { owner, project } = await setup();
    for (const state of ['pending', 'archived'] as const) {
      const seeded = await seedProfile(owner.workspaceId, project.id, { state });
      const res = await profileAction(owner.token, seeded.id, 'archive');
      expectError(res, 409, 'profile_not_active');
      expect(res.body.state).toBe(state);
    }
    const exe = await seedExecutable(owner.workspaceId, project.id, { state: 'paused' });
    const [second] = await testDb().$sql`
      insert into executables (id, workspace_id, project_id, function_id, profile_id, name, state, trigger)
      select 'exe_' || substr(md5(random()::text), 1, 26), workspace_id, project_id, function_id, profile_id,
             'second', 'error', trigger
      from executables where id = ${exe.executableId} returning id`;
    const res = await profileAction(owner.token, exe.profileId, 'archive');
    expectError(res, 409, 'profile_in_use');
    expect([...res.body.executableIds].sort()).toEqual([exe.executableId, second.id].sort());
    const read = await api(`/api/v1/profiles/${exe.profileId}`, { token: owner.token });
    expect(read.body.data.state).toBe('active');
  });

  it('unarchive: only from archived → 409 profile_not_archived', async () => {
    const { owner, project } = await setup();
    for (const state of ['pending', 'active'] as const) {
      const seeded = await seedProfile(owner.workspaceId, project.id, { state });
      const res = await profileAction(owner.token, seeded.id, 'unarchive');
      expectError(res, 409, 'profile_not_archived');
      expect(res.body.state).toBe(state);
    }
  });

  it('retry: only pending legacy profiles → else 409 profile_not_pending', async () => {
    const { owner, project } = await setup();
    const cases = [
      { kind: 'legacy', state: 'active' },
      { kind: 'legacy', state: 'archived' },
      { kind: 'safe', state: 'pending' },
      { kind: 'roles', state: 'pending' },
      { kind: 'safe', state: 'active' },
    ] as const;
    for (const c of cases) {
      const seeded = await seedProfile(owner.workspaceId, project.id, c);
      expectError(await profileAction(owner.token, seeded.id, 'retry'), 409, 'profile_not_pending');
    }
  });

  it('share: safe profiles → profile_not_shareable; pending or archived → profile_not_active', async () => {
    const { owner, project } = await setup();
    const target = await newProject(owner.workspaceId);
    const safe = await seedProfile(owner.workspaceId, project.id, { kind: 'safe' });
    expectError(
      await profileAction(owner.token, safe.id, 'share', { targetProjectId: target.id }),
      409,
      'profile_not_shareable',
    );
    for (const state of ['pending', 'archived'] as const) {
      const seeded = await seedProfile(owner.workspaceId, project.id, { state });
      expectError(
        await profileAction(owner.token, seeded.id, 'share', { targetProjectId: target.id }),
        409,
        'profile_not_active',
      );
    }
    expect((await api(`/api/v1/profiles?projectId=${target.id}`, { token: owner.token })).body.data).toEqual(
      [],
    );
  });

  it('share: a project that already has the account (the source project, or shared before) → profile_already_in_project', async () => {
    const { owner, project } = await setup();
    const target = await newProject(owner.workspaceId);
    const seeded = await seedProfile(owner.workspaceId, project.id);
    const same = await profileAction(owner.token, seeded.id, 'share', { targetProjectId: project.id });
    expectError(same, 409, 'profile_already_in_project');
    expect(same.body.profileId).toBe(seeded.id);
    const first = await profileAction(owner.token, seeded.id, 'share', { targetProjectId: target.id });
    expect(first.status).toBe(201);
    const twice = await profileAction(owner.token, seeded.id, 'share', { targetProjectId: target.id });
    expectError(twice, 409, 'profile_already_in_project');
    expect(twice.body.profileId).toBe(first.body.data.id);
  });

  it('concurrent shares into one project create exactly one profile', async () => {
    const { owner, project } = await setup();
    const target = await newProject(owner.workspaceId);
    const seeded = await seedProfile(owner.workspaceId, project.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        profileAction(owner.token, seeded.id, 'share', { targetProjectId: target.id }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201))
      expectError(r, 409, 'profile_already_in_project');
  });
});
