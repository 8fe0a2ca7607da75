import { describe, expect, it } from 'vitest';
import { expectError } from '../../support/expect';
import { newKey, newMember, newProject, newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';

describe('projects: security', () => {
  it("another workspace's project is 404 on GET and PATCH, untouched, and never listed", async () => {
    const mine = await newWorkspace();
    const theirs = await newWorkspace();
    const secret = await newProject(theirs.workspaceId, { slug: 'theirs', name: 'Theirs' });
    expectError(await api(`/api/v1/projects/${secret.id}`, { token: mine.token }), 404, 'not_found');
    const patch = await api(`/api/v1/projects/${secret.id}`, {
      method: 'PATCH',
      token: mine.token,
      body: { name: 'pwned' },
    });
    expectError(patch, 404, 'not_found');
    expect(patch.text).not.toContain('theirs');
    expect((await api('/api/v1/projects', { token: mine.token })).body.data).toEqual([]);
    const still = await api(`/api/v1/projects/${secret.id}`, { token: theirs.token });
    expect(still.body.data.name).toBe('Theirs');
  });

  it('the 404 for a foreign project is indistinguishable from a missing one', async () => {
    const mine = await newWorkspace();
    const theirs = await newWorkspace();
    const foreign = await newProject(theirs.workspaceId);
    const a = await api(`/api/v1/projects/${foreign.id}`, { token: mine.token });
    const b = await api('/api/v1/projects/prj_01J00000000000000000000000', { token: mine.token });
    expect({ status: a.status, error: a.body.error, code: a.body.code }).toEqual({
      status: b.status,
      error: b.body.error,
      code: b.body.code,
    });
  });

  it('a member can read but not create or rename (403 forbidden), and nothing changes', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId, { name: 'Keep' });
    const member = await newMember(owner.workspaceId, { role: 'member' });
    expect((await api('/api/v1/projects', { token: member.token })).status).toBe(200);
    expectError(
      await api('/api/v1/projects', { method: 'POST', token: member.token, body: { name: 'M', slug: 'm' } }),
      403,
      'forbidden',
    );
    expectError(
      await api(`/api/v1/projects/${project.id}`, {
        method: 'PATCH',
        token: member.token,
        body: { name: 'M' },
      }),
      403,
      'forbidden',
    );
    const list = await api('/api/v1/projects', { token: owner.token });
    expect(list.body.data.map((p: any) => p.name)).toEqual(['Keep']);
  });

  it('projects:read alone cannot write; projects:write alone cannot read', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const reader = await newKey(owner, { scopes: ['projects:read'] });
    const writer = await newKey(owner, { scopes: ['projects:write'] });
    expectError(
      await api('/api/v1/projects', { method: 'POST', token: reader.token, body: { name: 'R', slug: 'r' } }),
      403,
      'insufficient_scope',
    );
    expectError(
      await api(`/api/v1/projects/${project.id}`, { token: writer.token }),
      403,
      'insufficient_scope',
    );
    expect(
      (
        await api(`/api/v1/projects/${project.id}`, {
          method: 'PATCH',
          token: writer.token,
          body: { name: 'W' },
        })
      ).status,
    ).toBe(200);
  });

  it('a workspace id in the body is rejected, not used to create elsewhere', async () => {
    const mine = await newWorkspace();
    const theirs = await newWorkspace();
    const res = await api('/api/v1/projects', {
      method: 'POST',
      token: mine.token,
      body: { name: 'X', slug: 'x', workspaceId: theirs.workspaceId },
    });
    expectError(res, 400, 'invalid_request');
    expect((await api('/api/v1/projects', { token: theirs.token })).body.data).toEqual([]);
  });
});
