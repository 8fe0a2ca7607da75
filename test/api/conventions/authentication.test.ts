import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/openapi/registry';
import { revokeApiKey } from '@/lib/auth/api-keys';
import { removeMembership, setMembership } from '@/lib/workspaces/service';
import { expectError } from '../../support/expect';
import { newKey, newMember, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { newWorld, opLabel, requestFor } from '../../support/operations';

const table = OPERATIONS.map((op) => [opLabel(op), op] as const);

describe('authentication: no, garbage or dead credentials get 401 unauthorized', () => {
  it.each(table)('%s', async (_, op) => {
    const world = await newWorld();
    const revoked = await newKey(world);
    await revokeApiKey(testDb(), {
      keyId: revoked.keyId,
      workspaceId: world.workspaceId,
      userId: world.userId,
      canManageWorkspaceKeys: true,
    });
    const expired = await newKey(world);
    await testDb().execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expired.keyId}`,
    );
    const req = requestFor(op, world);
    const cases: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      { authorization: `Token ${world.token}` },
      { authorization: 'Bearer tw_not-a-real-token' },
      { authorization: `Bearer ${world.token}x` },
      { authorization: `Bearer ${revoked.token}` },
      { authorization: `Bearer ${expired.token}` },
    ];
    for (const headers of cases) {
      const res = await api(req.path, { method: req.method, body: req.body, headers });
      expectError(res, 401, 'unauthorized');
    }
  });

  it('a refused mutation changes nothing', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/projects', {
      method: 'POST',
      token: 'tw_garbage',
      body: { name: 'X', slug: 'nope' },
      headers: { 'x-workspace-id': owner.workspaceId },
    });
    expectError(res, 401, 'unauthorized');
    const list = await api('/api/v1/projects', { token: owner.token });
    expect(list.body.data).toEqual([]);
  });

  it('the bearer scheme is case-insensitive', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/projects', { headers: { authorization: `bearer ${owner.token}` } });
    expect(res.status).toBe(200);
  });
});

describe('losing access takes effect on the very next request', () => {
  it('revoking the key (bound) ends access at once', async () => {
    const owner = await newWorkspace();
    expect((await api('/api/v1/projects', { token: owner.token })).status).toBe(200);
    const revoked = await revokeApiKey(testDb(), {
      keyId: owner.keyId,
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      canManageWorkspaceKeys: true,
    });
    expect(revoked).toMatchObject({ id: owner.keyId });
    expectError(await api('/api/v1/projects', { token: owner.token }), 401, 'unauthorized');
    expectError(
      await api('/api/v1/projects', { method: 'POST', token: owner.token, body: { name: 'A', slug: 'a' } }),
      401,
      'unauthorized',
    );
  });

  it('revoking an unbound key ends access in every workspace', async () => {
    const owner = await newWorkspace();
    const unbound = await newKey(owner, { unbound: true });
    const headers = { 'x-workspace-id': owner.workspaceId };
    expect((await api('/api/v1/projects', { token: unbound.token, headers })).status).toBe(200);
    await revokeApiKey(testDb(), {
      keyId: unbound.keyId,
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      canManageWorkspaceKeys: false,
    });
    expectError(await api('/api/v1/projects', { token: unbound.token, headers }), 401, 'unauthorized');
  });

  it('removing the membership ends access for bound and unbound keys, and restoring it restores access', async () => {
    const owner = await newWorkspace();
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const unbound = await newKey(admin, { unbound: true });
    const headers = { 'x-workspace-id': owner.workspaceId };
    expect((await api('/api/v1/projects', { token: admin.token })).status).toBe(200);
    expect((await api('/api/v1/projects', { token: unbound.token, headers })).status).toBe(200);

    await removeMembership(testDb(), { workspaceId: owner.workspaceId, userId: admin.userId });
    expectError(await api('/api/v1/projects', { token: admin.token }), 403, 'forbidden');
    expectError(await api('/api/v1/projects', { token: unbound.token, headers }), 403, 'forbidden');
    expectError(
      await api('/api/v1/projects', { method: 'POST', token: admin.token, body: { name: 'A', slug: 'a' } }),
      403,
      'forbidden',
    );

    await setMembership(testDb(), { workspaceId: owner.workspaceId, userId: admin.userId, role: 'member' });
    expect((await api('/api/v1/projects', { token: admin.token })).status).toBe(200);
    expectError(
      await api('/api/v1/projects', { method: 'POST', token: admin.token, body: { name: 'A', slug: 'a' } }),
      403,
      'forbidden',
    );
  });

  it('a demotion to member ends write access on the next request', async () => {
    const owner = await newWorkspace();
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const body = { name: 'A', slug: 'demoted' };
    await setMembership(testDb(), { workspaceId: owner.workspaceId, userId: admin.userId, role: 'member' });
    expectError(
      await api('/api/v1/projects', { method: 'POST', token: admin.token, body }),
      403,
      'forbidden',
    );
  });

  it('uses the key: last_used_at is recorded', async () => {
    const owner = await newWorkspace();
    await api('/api/v1/projects', { token: owner.token });
    await expect
      .poll(async () => {
        const rows = await testDb().$sql`select last_used_at from api_keys where id = ${owner.keyId}`;
        return rows[0].last_used_at;
      })
      .not.toBeNull();
  });
});
