// Project deletion (console only, owners and admins): refused while an executable is active; soft delete; the
// project, its executables, functions, profiles, secrets and executions read as not found; its webhook URLs and
// result links stop working at once; the slug is free again; no management API route deletes projects.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { deleteProject } from '@/lib/projects/service';
import { exeAction, exeRow, getExe, seedExecutableRows } from '../../support/executables';
import { expectError } from '../../support/expect';
import { newMember, newProject, newWorkspace, testDb, uniq } from '../../support/fixtures';
import { api } from '../../support/http';
import { type RunWorld, runnableExe, runWorld, waitForExecution } from '../../support/runs';
import { createWebhook, secretOf, webhookRow } from '../../support/webhooks';

// The console action runs as the user of this session, on the test database.
const session: { userId?: string } = {};
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => session }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});

const TASK = 'export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };\n';

/** The refusal deleteProject throws, as `{ status, code, extra }`. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, extra: error.extra };
    throw error;
  }
  throw new Error('expected a refusal');
}

const workspaceSlug = async (workspaceId: string) => {
  const [row] = await testDb().$sql`select slug from workspaces where id = ${workspaceId}`;
  return row.slug as string;
};

describe('project deletion', () => {
  let w: RunWorld;
  beforeAll(async () => {
    w = await runWorld();
  }, 60_000);

  it('is refused while an executable is active (nothing changes), then deletes everything once it is paused', async () => {
    const exe = await runnableExe(w, TASK);
    const paused = { workspaceId: w.workspaceId, projectId: w.projectId, functionId: exe.functionId };
    await seedExecutableRows({ ...paused, profileId: w.profileId }, 1, 'paused');
    const secret = await api('/api/v1/secrets', {
      method: 'POST',
      token: w.token,
      body: { projectId: w.projectId, name: `S_${uniq()}`, value: 'v' },
    });
    expect(secret.status).toBe(201);
    const hook = await createWebhook(w.token, exe.id, { name: 'deploy' });
    expect(hook.status).toBe(201);
    const hookPath = `/api/hooks/${secretOf(hook.body.data.url)}`;
    const accepted = await api(hookPath, { method: 'POST', headers: { prefer: 'respond-async' } });
    expect(accepted.status, accepted.text).toBe(202);
    const executionId = accepted.body.data.id;
    const resultLink = new URL(accepted.body.data.resultUrl).pathname;
    await waitForExecution(w.token, executionId);
    const project = (await api(`/api/v1/projects/${w.projectId}`, { token: w.token })).body.data;

    expect(await refusal(deleteProject(testDb(), w.workspaceId, w.projectId))).toEqual({
      status: 409,
      code: 'project_has_active_executables',
      extra: { executableIds: [exe.id], executables: [{ id: exe.id, name: exe.name }] },
    });
    expect((await api(`/api/v1/projects/${w.projectId}`, { token: w.token })).status).toBe(200);
    expect((await exeRow(exe.id)).state).toBe('active');
    expect((await webhookRow(hook.body.data.id))?.state).toBe('active');
    expect((await api(resultLink)).status).toBe(200);

    expect((await exeAction(w.token, exe.id, 'pause')).status).toBe(200);
    const deleted = await deleteProject(testDb(), w.workspaceId, w.projectId);
    expect(deleted).toMatchObject({ id: w.projectId, deletedExecutables: 2, revokedWebhooks: 1 });

    expectError(await api(`/api/v1/projects/${w.projectId}`, { token: w.token }), 404, 'not_found');
    const list = await api('/api/v1/projects', { token: w.token });
    expect(list.body.data.map((p: { id: string }) => p.id)).not.toContain(w.projectId);
    expectError(await getExe(w.token, exe.id), 404, 'not_found');
    const row = await exeRow(exe.id);
    expect([row.state, row.next_run_at]).toEqual(['deleted', null]);
    for (const path of [
      `/api/v1/executables?projectId=${w.projectId}`,
      `/api/v1/functions?projectId=${w.projectId}`,
      `/api/v1/profiles?projectId=${w.projectId}`,
      `/api/v1/secrets?projectId=${w.projectId}`,
      `/api/v1/executions?projectId=${w.projectId}`,
      `/api/v1/functions/${exe.functionId}`,
      `/api/v1/profiles/${w.profileId}`,
      `/api/v1/executions/${executionId}`,
    ])
      expectError(await api(path, { token: w.token }), 404, 'not_found');
    expectError(
      await api(`/api/v1/secrets/${secret.body.data.id}`, { method: 'DELETE', token: w.token }),
      404,
      'not_found',
    );

    // the webhook URL answers like an unknown one, and its result link is gone
    const unknown = await api('/api/hooks/twh_unknown', { method: 'POST' });
    const gone = await api(hookPath, { method: 'POST' });
    expect([gone.status, gone.body.code]).toEqual([unknown.status, unknown.body.code]);
    expect(gone.status).toBe(404);
    expect((await api(resultLink)).status).toBe(404);

    // a second delete is a 404; the slug is free for a new project
    expect((await refusal(deleteProject(testDb(), w.workspaceId, w.projectId))).status).toBe(404);
    const reused = await api('/api/v1/projects', {
      method: 'POST',
      token: w.token,
      body: { name: 'Again', slug: project.slug },
    });
    expect(reused.status, reused.text).toBe(201);
    expect(reused.body.data.id).not.toBe(w.projectId);
  }, 90_000);

  it("another workspace's project is 404 and untouched", async () => {
    const theirs = await newWorkspace();
    const project = await newProject(theirs.workspaceId);
    expect((await refusal(deleteProject(testDb(), w.workspaceId, project.id))).status).toBe(404);
    expect((await api(`/api/v1/projects/${project.id}`, { token: theirs.token })).status).toBe(200);
  });

  it('the console action: a member is refused (403), an owner deletes', async () => {
    const { deleteProjectAction } = await import('@/app/(console)/[workspace]/projects/actions');
    const owner = await newWorkspace();
    const slug = await workspaceSlug(owner.workspaceId);
    const project = await newProject(owner.workspaceId);
    const member = await newMember(owner.workspaceId, { role: 'member' });

    session.userId = member.userId;
    expect(await deleteProjectAction(slug, project.id)).toMatchObject({ ok: false, code: 'forbidden' });
    expect((await api(`/api/v1/projects/${project.id}`, { token: owner.token })).status).toBe(200);

    session.userId = owner.userId;
    expect(await deleteProjectAction(slug, project.id)).toEqual({ ok: true, data: { name: project.name } });
    expect((await api(`/api/v1/projects/${project.id}`, { token: owner.token })).status).toBe(404);
  });

  it('no management API route deletes a project: DELETE answers 405 and the project stays', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const res = await api(`/api/v1/projects/${project.id}`, { method: 'DELETE', token: owner.token });
    expectError(res, 405, 'method_not_allowed');
    expect((await api(`/api/v1/projects/${project.id}`, { token: owner.token })).status).toBe(200);
  });
});
