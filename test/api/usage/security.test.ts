import { describe, expect, it } from 'vitest';
import { usageDaily } from '@/db/schema';
import { expectError } from '../../support/expect';
import { newKey, newMember, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';

describe('usage: security', () => {
  it("shows only the credential's workspace", async () => {
    const mine = await newWorkspace();
    const theirs = await newWorkspace();
    await testDb()
      .insert(usageDaily)
      .values({
        workspaceId: theirs.workspaceId,
        day: new Date().toISOString().slice(0, 10),
        computeUnits: 5_000,
        executions: 5,
      });
    const u = (await api('/api/v1/usage', { token: mine.token })).body.data;
    expect(u.workspaceId).toBe(mine.workspaceId);
    expect(u.computeUnits.used).toBe(0);
  });

  it('needs usage:read; members may read', async () => {
    const owner = await newWorkspace();
    const member = await newMember(owner.workspaceId, { role: 'member' });
    expect((await api('/api/v1/usage', { token: member.token })).status).toBe(200);
    const noScope = await newKey(owner, { scopes: ['projects:read', 'chains:read'] });
    expectError(await api('/api/v1/usage', { token: noScope.token }), 403, 'insufficient_scope');
    expectError(await api('/api/v1/usage'), 401, 'unauthorized');
  });

  it('an unbound key reads the usage of the workspace it names', async () => {
    const a = await newWorkspace({ plan: 'pro' });
    const unbound = await newKey(a, { unbound: true });
    const u = (
      await api('/api/v1/usage', { token: unbound.token, headers: { 'x-workspace-id': a.workspaceId } })
    ).body.data;
    expect(u).toMatchObject({ workspaceId: a.workspaceId, plan: { id: 'pro' } });
  });
});
