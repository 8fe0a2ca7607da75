import { describe, expect, it } from 'vitest';
import { encodeCursor } from '@/lib/api/pagination';
import { setMembership } from '@/lib/workspaces/service';
import { expectError } from '../../support/expect';
import { newKey, newMember, newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedExecutable, seedExecutions, seedLogs } from '../../support/seed';

async function foreignExecutions() {
  const theirs = await newWorkspace();
  const project = await newProject(theirs.workspaceId);
  const exe = await seedExecutable(theirs.workspaceId, project.id);
  const ids = await seedExecutions(exe, 3);
  await seedLogs(ids[0], [{ level: 'info', message: 'their private log line' }]);
  return { theirs, project, exe, ids };
}

describe('executions: security', () => {
  it("another workspace's project, execution, logs and executable are 404 and never leaked", async () => {
    const mine = await newWorkspace();
    const { project, exe, ids } = await foreignExecutions();
    for (const path of [
      `/api/v1/executions?projectId=${project.id}`,
      `/api/v1/executions/${ids[0]}`,
      `/api/v1/executions/${ids[0]}/logs`,
      `/api/v1/executables/${exe.executableId}/executions`,
    ]) {
      const res = await api(path, { token: mine.token });
      expectError(res, 404, 'not_found');
      expect(res.text).not.toContain(ids[0]);
      expect(res.text).not.toContain('their private log line');
    }
  });

  it("a cursor pointing into another workspace's data does not reveal it", async () => {
    const mine = await newWorkspace();
    const myProject = await newProject(mine.workspaceId);
    const myIds = await seedExecutions(await seedExecutable(mine.workspaceId, myProject.id), 2);
    const { ids } = await foreignExecutions();
    const cursor = encodeCursor(`${ids[2]}Z`); // just after their newest
    const res = await api(`/api/v1/executions?projectId=${myProject.id}&cursor=${cursor}`, {
      token: mine.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: any) => e.id)).toEqual([...myIds].reverse());
  });

  it('a member reads executions (executions:read); a key without it cannot', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const [id] = await seedExecutions(await seedExecutable(owner.workspaceId, project.id), 1);
    const member = await newMember(owner.workspaceId, { role: 'member' });
    expect((await api(`/api/v1/executions/${id}`, { token: member.token })).status).toBe(200);
    const noScope = await newKey(owner, { scopes: ['projects:read', 'executables:read'] });
    expectError(await api(`/api/v1/executions/${id}`, { token: noScope.token }), 403, 'insufficient_scope');
    expectError(
      await api(`/api/v1/executions/${id}/logs`, { token: noScope.token }),
      403,
      'insufficient_scope',
    );
  });

  it('a bound key cannot read executions of its own user in another workspace', async () => {
    const mine = await newWorkspace();
    const { theirs, ids } = await foreignExecutions();
    await setMembership(testDb(), { workspaceId: theirs.workspaceId, userId: mine.userId, role: 'owner' });
    expectError(await api(`/api/v1/executions/${ids[0]}`, { token: mine.token }), 404, 'not_found');
    expectError(
      await api(`/api/v1/executions/${ids[0]}`, {
        token: mine.token,
        headers: { 'x-workspace-id': theirs.workspaceId },
      }),
      403,
      'workspace_mismatch',
    );
    const unbound = await newKey(mine, { unbound: true });
    const ok = await api(`/api/v1/executions/${ids[0]}`, {
      token: unbound.token,
      headers: { 'x-workspace-id': theirs.workspaceId },
    });
    expect(ok.status).toBe(200);
  });
});
