import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/openapi/registry';
import { setMembership } from '@/lib/workspaces/service';
import { expectError } from '../../support/expect';
import { newKey, newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { callOp, newWorld, opLabel } from '../../support/operations';

const table = OPERATIONS.map((op) => [opLabel(op), op] as const);

describe('a workspace-bound key acts only in its workspace', () => {
  it.each(table)('%s: naming another workspace (header or query) → 403 workspace_mismatch', async (_, op) => {
    const world = await newWorld();
    const other = await newWorkspace();
    expectError(
      await callOp(op, world, world.token, { 'x-workspace-id': other.workspaceId }),
      403,
      'workspace_mismatch',
    );
    const res = await callOp(op, world, world.token, undefined, { workspaceId: other.workspaceId });
    expectError(res, 403, 'workspace_mismatch');
  });

  it('naming its own workspace is fine, in the header and in the query', async () => {
    const owner = await newWorkspace();
    const res = await api(`/api/v1/projects?workspaceId=${owner.workspaceId}`, {
      token: owner.token,
      headers: { 'x-workspace-id': owner.workspaceId },
    });
    expect(res.status).toBe(200);
  });

  it('cannot reach another workspace where the same person is owner', async () => {
    const owner = await newWorkspace();
    const second = await newWorkspace();
    // the owner of `owner` also owns `second`, but the key stays bound to `owner`
    await setMembership(testDb(), { workspaceId: second.workspaceId, userId: owner.userId, role: 'owner' });
    const project = await newProject(second.workspaceId);
    expectError(
      await api('/api/v1/projects', {
        token: owner.token,
        headers: { 'x-workspace-id': second.workspaceId },
      }),
      403,
      'workspace_mismatch',
    );
    expectError(await api(`/api/v1/projects/${project.id}`, { token: owner.token }), 404, 'not_found');
  });
});

describe('an unbound key names its workspace with X-Workspace-Id', () => {
  it.each(table)('%s: without X-Workspace-Id → 400 workspace_required', async (_, op) => {
    const world = await newWorld();
    const unbound = await newKey(world, { unbound: true });
    expectError(await callOp(op, world, unbound.token), 400, 'workspace_required');
  });

  it('the workspaceId query alone does not replace the header', async () => {
    const owner = await newWorkspace();
    const unbound = await newKey(owner, { unbound: true });
    expectError(
      await api(`/api/v1/projects?workspaceId=${owner.workspaceId}`, { token: unbound.token }),
      400,
      'workspace_required',
    );
  });

  it('header and query must agree → 403 workspace_mismatch', async () => {
    const owner = await newWorkspace();
    const other = await newWorkspace();
    const unbound = await newKey(owner, { unbound: true });
    expectError(
      await api(`/api/v1/projects?workspaceId=${other.workspaceId}`, {
        token: unbound.token,
        headers: { 'x-workspace-id': owner.workspaceId },
      }),
      403,
      'workspace_mismatch',
    );
    const agree = await api(`/api/v1/projects?workspaceId=${owner.workspaceId}`, {
      token: unbound.token,
      headers: { 'x-workspace-id': owner.workspaceId },
    });
    expect(agree.status).toBe(200);
  });

  it('a workspace where the user is not a member (or that does not exist) → 403 forbidden', async () => {
    const owner = await newWorkspace();
    const stranger = await newWorkspace();
    const unbound = await newKey(owner, { unbound: true });
    for (const workspaceId of [stranger.workspaceId, 'ws_00000000000000000000000000', 'nonsense']) {
      expectError(
        await api('/api/v1/projects', { token: unbound.token, headers: { 'x-workspace-id': workspaceId } }),
        403,
        'forbidden',
      );
    }
  });

  it('acts in each workspace the user belongs to, seeing only that workspace', async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    await setMembership(testDb(), { workspaceId: b.workspaceId, userId: a.userId, role: 'admin' });
    const pa = await newProject(a.workspaceId, { slug: 'in-a' });
    const pb = await newProject(b.workspaceId, { slug: 'in-b' });
    const unbound = await newKey(a, { unbound: true });
    const inA = await api('/api/v1/projects', {
      token: unbound.token,
      headers: { 'x-workspace-id': a.workspaceId },
    });
    const inB = await api('/api/v1/projects', {
      token: unbound.token,
      headers: { 'x-workspace-id': b.workspaceId },
    });
    expect(inA.body.data.map((p: any) => p.id)).toEqual([pa.id]);
    expect(inB.body.data.map((p: any) => p.id)).toEqual([pb.id]);
    const created = await api('/api/v1/projects', {
      method: 'POST',
      token: unbound.token,
      headers: { 'x-workspace-id': b.workspaceId },
      body: { name: 'New in B', slug: 'new-in-b' },
    });
    expect(created.status).toBe(201);
    const again = await api('/api/v1/projects', {
      token: unbound.token,
      headers: { 'x-workspace-id': b.workspaceId },
    });
    expect(again.body.data.map((p: any) => p.slug).sort()).toEqual(['in-b', 'new-in-b']);
    const stillA = await api('/api/v1/projects', {
      token: unbound.token,
      headers: { 'x-workspace-id': a.workspaceId },
    });
    expect(stillA.body.data).toHaveLength(1);
  });
});
