import { describe, expect, inject, it } from 'vitest';
import { expectDataEnvelope, expectPageEnvelope, expectStatus } from '../../support/expect';
import { newMember, newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import {
  createProfile,
  DELEGATION_CODE,
  expectNoKey,
  PROFILE_KEYS,
  profileAction,
  rpc,
  storedKey,
  waitForProfile,
} from '../../support/profiles';
import { idAt, seedExecutable, seedProfile } from '../../support/seed';

async function setup() {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  return { owner, project };
}

describe('profiles: create a legacy profile', () => {
  it('201 pending with every field; provisioning makes it active with the EIP-7702 delegation on chain', async () => {
    const { owner, project } = await setup();
    const started = Date.now();
    const res = await createProfile(owner.token, { projectId: project.id, alias: 'Keeper', chainId: 31337 });
    expectStatus(res, 201);
    expectDataEnvelope(res);
    const profile = res.body.data;
    expect(Object.keys(profile).sort()).toEqual(PROFILE_KEYS);
    expect(profile).toMatchObject({
      projectId: project.id,
      kind: 'legacy',
      name: 'Keeper',
      chainId: 31337,
      sharedFromId: null,
      balance: { wei: '0', formatted: '0 ETH' },
    });
    expect(['pending', 'active']).toContain(profile.state);
    expect(profile.id).toMatch(/^prf_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(profile.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(profile.address).not.toBe(profile.address.toLowerCase()); // EIP-55

    const { profile: active, ms } = await waitForProfile(
      owner.token,
      profile.id,
      (p) => p.state === 'active',
    );
    expect(active.stateReason).toBeNull();
    console.info(`create → active in ${Date.now() - started} ms (polled ${ms} ms)`);
    const code = await rpc<string>('eth_getCode', [profile.address, 'latest']);
    expect(code.toLowerCase()).toBe(DELEGATION_CODE);

    const stored = await storedKey(profile.id);
    expect(stored.envelope).toMatch(/^v1\./);
    expectNoKey(res.text, stored);
  });

  it('the alias is trimmed; the workspace owner and admins may create', async () => {
    const { owner, project } = await setup();
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const res = await createProfile(admin.token, {
      projectId: project.id,
      alias: '  Ops bot ',
      chainId: 31337,
    });
    expectStatus(res, 201);
    expect(res.body.data.name).toBe('Ops bot');
  });

  it('the balance is read from the chain at request time', async () => {
    const { owner, project } = await setup();
    const seeded = await seedProfile(owner.workspaceId, project.id);
    await rpc('anvil_setBalance', [seeded.address, '0x14d1120d7b160000']); // 1.5 ETH
    const res = await api(`/api/v1/profiles/${seeded.id}`, { token: owner.token });
    expectStatus(res, 200);
    expect(res.body.data.balance).toEqual({ wei: '1500000000000000000', formatted: '1.5 ETH' });
    await rpc('anvil_setBalance', [seeded.address, '0x1']);
    const again = await api(`/api/v1/profiles/${seeded.id}`, { token: owner.token });
    expect(again.body.data.balance).toEqual({ wei: '1', formatted: '0.000000000000000001 ETH' });
  });
});

describe('profiles: list and get', () => {
  it('lists a project: Page envelope, newest first, keyset pages, every state, nothing of other projects', async () => {
    const { owner, project } = await setup();
    const other = await newProject(owner.workspaceId);
    await seedProfile(owner.workspaceId, other.id);
    const ids: string[] = [];
    for (const state of ['active', 'archived', 'pending', 'active', 'active'] as const)
      ids.push((await seedProfile(owner.workspaceId, project.id, { state })).id);
    const newestFirst = [...ids].reverse();

    const all = await api(`/api/v1/profiles?projectId=${project.id}`, { token: owner.token });
    expectStatus(all, 200);
    expectPageEnvelope(all);
    expect(all.body.data.map((p: any) => p.id)).toEqual(newestFirst);
    expect(all.body.pagination.isDone).toBe(true);
    for (const p of all.body.data) {
      expect(Object.keys(p).sort()).toEqual(PROFILE_KEYS);
      expect(p.balance).toEqual({ wei: '0', formatted: '0 ETH' });
    }

    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const res = await api(`/api/v1/profiles?projectId=${project.id}&limit=2&cursor=${cursor}`, {
        token: owner.token,
      });
      expectStatus(res, 200);
      seen.push(...res.body.data.map((p: any) => p.id));
      cursor = res.body.pagination.cursor;
      if (res.body.pagination.isDone) break;
    }
    expect(seen).toEqual(newestFirst);
  });

  it('an empty project → empty page, isDone', async () => {
    const { owner, project } = await setup();
    const res = await api(`/api/v1/profiles?projectId=${project.id}`, { token: owner.token });
    expect(res.body).toEqual({ data: [], pagination: { cursor: '', isDone: true } });
  });

  it('ids made at chosen times page in id order', async () => {
    const { owner, project } = await setup();
    const base = Date.now() - 10_000;
    const ids = [idAt('profile', base + 2), idAt('profile', base + 1)];
    for (const id of ids)
      await testDb()
        .$sql`insert into profiles (id, workspace_id, project_id, kind, state, name, chain_id, address)
        values (${id}, ${owner.workspaceId}, ${project.id}, 'safe', 'active', 'safe', 31337,
                '0x000000000000000000000000000000000000dead')`;
    const res = await api(`/api/v1/profiles?projectId=${project.id}&limit=1`, { token: owner.token });
    expect(res.body.data.map((p: any) => p.id)).toEqual([ids[0]]);
    expect(res.body.pagination.isDone).toBe(false);
    expect(res.body.data[0].address).toBe('0x000000000000000000000000000000000000dEaD');
  });

  it('a member may read', async () => {
    const { owner, project } = await setup();
    const member = await newMember(owner.workspaceId, { role: 'member' });
    const seeded = await seedProfile(owner.workspaceId, project.id);
    expectStatus(await api(`/api/v1/profiles/${seeded.id}`, { token: member.token }), 200);
    expectStatus(await api(`/api/v1/profiles?projectId=${project.id}`, { token: member.token }), 200);
  });
});

describe('profiles: the state table', () => {
  it('PATCH renames (any state) and bumps updatedAt', async () => {
    const { owner, project } = await setup();
    for (const state of ['pending', 'active', 'archived'] as const) {
      const seeded = await seedProfile(owner.workspaceId, project.id, { state });
      const before = (await api(`/api/v1/profiles/${seeded.id}`, { token: owner.token })).body.data;
      const res = await api(`/api/v1/profiles/${seeded.id}`, {
        method: 'PATCH',
        token: owner.token,
        body: { name: ' Renamed ' },
      });
      expectStatus(res, 200);
      expect(res.body.data).toMatchObject({ name: 'Renamed', state });
      expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    }
  });

  it('active → archive → archived → unarchive → active', async () => {
    const { owner, project } = await setup();
    const seeded = await seedProfile(owner.workspaceId, project.id);
    const archived = await profileAction(owner.token, seeded.id, 'archive');
    expectStatus(archived, 200);
    expectDataEnvelope(archived);
    expect(archived.body.data.state).toBe('archived');
    expect((await api(`/api/v1/profiles/${seeded.id}`, { token: owner.token })).body.data.state).toBe(
      'archived',
    );
    const unarchived = await profileAction(owner.token, seeded.id, 'unarchive');
    expectStatus(unarchived, 200);
    expect(unarchived.body.data.state).toBe('active');
  });

  it('archiving does not touch the on-chain account or its funds', async () => {
    const { owner, project } = await setup();
    const seeded = await seedProfile(owner.workspaceId, project.id);
    await rpc('anvil_setBalance', [seeded.address, '0xde0b6b3a7640000']);
    const res = await profileAction(owner.token, seeded.id, 'archive');
    expect(res.body.data.balance).toEqual({ wei: '1000000000000000000', formatted: '1 ETH' });
  });

  it('archive works once the executables using the profile are deleted', async () => {
    const { owner, project } = await setup();
    const exe = await seedExecutable(owner.workspaceId, project.id, { state: 'deleted' });
    expectStatus(await profileAction(owner.token, exe.profileId, 'archive'), 200);
  });

  it('pending (legacy) → retry → provisioning is retried and the profile becomes active', async () => {
    const { owner, project } = await setup();
    const seeded = await seedProfile(owner.workspaceId, project.id, { state: 'pending' });
    await testDb().$sql`update profiles set state_reason = 'earlier failure' where id = ${seeded.id}`;
    const res = await profileAction(owner.token, seeded.id, 'retry');
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(res.body.data).toMatchObject({ id: seeded.id, stateReason: null });
    const { profile } = await waitForProfile(owner.token, seeded.id, (p) => p.state === 'active');
    expect(profile.stateReason).toBeNull();
    expect((await rpc<string>('eth_getCode', [seeded.address, 'latest'])).toLowerCase()).toBe(
      DELEGATION_CODE,
    );
  });

  it('provisioning failure leaves pending with a readable reason; retry after the cause is fixed recovers', async () => {
    const { owner, project } = await setup();
    // a chain the deployment no longer enables: provisioning cannot proceed
    const seeded = await seedProfile(owner.workspaceId, project.id, { state: 'pending', chainId: 424242 });
    expectStatus(await profileAction(owner.token, seeded.id, 'retry'), 200);
    const { profile: failed } = await waitForProfile(owner.token, seeded.id, (p) => p.stateReason !== null);
    expect(failed).toMatchObject({
      state: 'pending',
      stateReason: 'chain 424242 is not enabled on this deployment',
      balance: null,
    });
    await testDb().$sql`update profiles set chain_id = 31337 where id = ${seeded.id}`;
    const retried = await profileAction(owner.token, seeded.id, 'retry');
    expectStatus(retried, 200);
    expect(retried.body.data.stateReason).toBeNull();
    await waitForProfile(owner.token, seeded.id, (p) => p.state === 'active');
    expect((await rpc<string>('eth_getCode', [seeded.address, 'latest'])).toLowerCase()).toBe(
      DELEGATION_CODE,
    );
  });
});

describe('profiles: share', () => {
  it('201: a new active profile in the target project on the same account, sharedFromId set', async () => {
    const { owner, project } = await setup();
    const target = await newProject(owner.workspaceId);
    const seeded = await seedProfile(owner.workspaceId, project.id, { name: 'Origin' });
    const res = await profileAction(owner.token, seeded.id, 'share', { targetProjectId: target.id });
    expectStatus(res, 201);
    expectDataEnvelope(res);
    expect(res.body.data).toMatchObject({
      projectId: target.id,
      kind: 'legacy',
      state: 'active',
      name: 'Origin',
      chainId: 31337,
      address: seeded.address,
      sharedFromId: seeded.id,
      stateReason: null,
    });
    expect(res.body.data.id).not.toBe(seeded.id);
    const list = await api(`/api/v1/profiles?projectId=${target.id}`, { token: owner.token });
    expect(list.body.data.map((p: any) => p.id)).toEqual([res.body.data.id]);
    // the shared copy holds the same account key (so it can send)
    expect((await storedKey(res.body.data.id)).key).toBe(seeded.key);
    expectNoKey(res.text, await storedKey(res.body.data.id));
  });

  it('alias names the copy; a copy of a copy points at the original; roles profiles can be shared', async () => {
    const { owner, project } = await setup();
    const [second, third] = [await newProject(owner.workspaceId), await newProject(owner.workspaceId)];
    const seeded = await seedProfile(owner.workspaceId, project.id);
    const first = await profileAction(owner.token, seeded.id, 'share', {
      targetProjectId: second.id,
      alias: 'Copy',
    });
    expect(first.body.data.name).toBe('Copy');
    const again = await profileAction(owner.token, first.body.data.id, 'share', {
      targetProjectId: third.id,
    });
    expectStatus(again, 201);
    expect(again.body.data).toMatchObject({ sharedFromId: seeded.id, name: 'Copy', projectId: third.id });

    const roles = await seedProfile(owner.workspaceId, project.id, { kind: 'roles' });
    const shared = await profileAction(owner.token, roles.id, 'share', { targetProjectId: second.id });
    expectStatus(shared, 201);
    expect(shared.body.data).toMatchObject({ kind: 'roles', address: roles.address });
  });

  it('the copies are independent rows: archiving the original leaves the copy active', async () => {
    const { owner, project } = await setup();
    const target = await newProject(owner.workspaceId);
    const seeded = await seedProfile(owner.workspaceId, project.id);
    const copy = await profileAction(owner.token, seeded.id, 'share', { targetProjectId: target.id });
    await profileAction(owner.token, seeded.id, 'archive');
    const read = await api(`/api/v1/profiles/${copy.body.data.id}`, { token: owner.token });
    expect(read.body.data.state).toBe('active');
  });

  it('on anvil the balance of the copy is the same account balance', async () => {
    const { owner, project } = await setup();
    const target = await newProject(owner.workspaceId);
    const seeded = await seedProfile(owner.workspaceId, project.id);
    await rpc('anvil_setBalance', [seeded.address, '0x2'], inject('rpcUrl'));
    const copy = await profileAction(owner.token, seeded.id, 'share', { targetProjectId: target.id });
    expect(copy.body.data.balance).toEqual({ wei: '2', formatted: '0.000000000000000002 ETH' });
  });
});
