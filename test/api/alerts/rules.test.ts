// Alert rules through the management API: project defaults and executables' own rules (which replace the
// default), params validated per kind, channels of the same project only, no reach into another workspace.
import { describe, expect, it } from 'vitest';
import { seedChannel } from '../../support/alerts';
import { expectError, expectStatus } from '../../support/expect';
import { newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedExecutable } from '../../support/seed';

async function world() {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id, { state: 'active' });
  const channelId = await seedChannel(owner.workspaceId, project.id);
  return { ...owner, projectId: project.id, executableId: exe.executableId, channelId };
}

const create = (token: string, body: Record<string, unknown>) =>
  api('/api/v1/alert-rules', { method: 'POST', token, body });

describe('alert rules API', () => {
  it('a project default, an executable rule that replaces it, and back to the default once deleted', async () => {
    const w = await world();
    const def = await create(w.token, {
      projectId: w.projectId,
      kind: 'consecutive_failures',
      channelIds: [w.channelId],
    });
    expectStatus(def, 201);
    expect(def.body.data).toMatchObject({
      projectId: w.projectId,
      executableId: null,
      kind: 'consecutive_failures',
      params: { count: 3 },
      channelIds: [w.channelId],
      enabled: true,
    });
    const own = await create(w.token, {
      projectId: w.projectId,
      executableId: w.executableId,
      kind: 'consecutive_failures',
      params: { count: 5 },
    });
    expectStatus(own, 201);

    const inForce = await api(`/api/v1/executables/${w.executableId}/alert-rules`, { token: w.token });
    expectStatus(inForce, 200);
    expect(inForce.body.data).toEqual([
      expect.objectContaining({ id: own.body.data.id, params: { count: 5 }, inherited: false }),
    ]);
    const list = await api(`/api/v1/alert-rules?projectId=${w.projectId}`, { token: w.token });
    expect(list.body.data.map((r: any) => r.id)).toEqual([def.body.data.id, own.body.data.id]);

    const patched = await api(`/api/v1/alert-rules/${own.body.data.id}`, {
      method: 'PATCH',
      token: w.token,
      body: { enabled: false, params: { count: 4 }, channelIds: [w.channelId] },
    });
    expectStatus(patched, 200);
    expect(patched.body.data).toMatchObject({
      enabled: false,
      params: { count: 4 },
      channelIds: [w.channelId],
    });

    expectStatus(
      await api(`/api/v1/alert-rules/${own.body.data.id}`, { method: 'DELETE', token: w.token }),
      200,
    );
    const after = await api(`/api/v1/executables/${w.executableId}/alert-rules`, { token: w.token });
    expect(after.body.data).toEqual([
      expect.objectContaining({ id: def.body.data.id, params: { count: 3 }, inherited: true }),
    ]);

    const audit = await testDb().$sql`
      select action, target_id, credential_kind from audit_events where workspace_id = ${w.workspaceId} order by created_at`;
    expect(audit.map((a) => a.action)).toEqual([
      'alert_rule.created',
      'alert_rule.created',
      'alert_rule.updated',
      'alert_rule.deleted',
    ]);
    expect(audit[3]).toMatchObject({ target_id: own.body.data.id, credential_kind: 'api_key' });
  });

  it('a second rule of the same kind and scope → 409 conflict', async () => {
    const w = await world();
    expectStatus(await create(w.token, { projectId: w.projectId, kind: 'dead_man' }), 201);
    expectError(await create(w.token, { projectId: w.projectId, kind: 'dead_man' }), 409, 'conflict');
  });

  it.each([
    ['an unknown kind', { kind: 'cpu_hot' }, ['kind']],
    ['a count below 2', { kind: 'consecutive_failures', params: { count: 1 } }, ['params.count']],
    ['an unknown param', { kind: 'dead_man', params: { graceSeconds: 60, extra: 1 } }, ['params']],
    ['low_balance without belowWei', { kind: 'low_balance', params: {} }, ['params.belowWei']],
    ['belowWei not in wei', { kind: 'low_balance', params: { belowWei: '0.5' } }, ['params.belowWei']],
    ['plan_usage at 50 %', { kind: 'plan_usage', params: { percent: 50 } }, ['params.percent']],
  ])('%s → 400 invalid_request naming the field; nothing is created', async (_, body, paths) => {
    const w = await world();
    const res = await create(w.token, { projectId: w.projectId, ...body });
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path)).toEqual(paths);
    const list = await api(`/api/v1/alert-rules?projectId=${w.projectId}`, { token: w.token });
    expect(list.body.data).toEqual([]);
  });

  it('plan_usage is project-wide: with an executableId → 400', async () => {
    const w = await world();
    const res = await create(w.token, {
      projectId: w.projectId,
      executableId: w.executableId,
      kind: 'plan_usage',
    });
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path)).toEqual(['executableId']);
  });

  it('channels of another project, deleted ones and unknown ids are refused (create and change)', async () => {
    const w = await world();
    const other = await newProject(w.workspaceId);
    const foreign = await seedChannel(w.workspaceId, other.id);
    const deleted = await seedChannel(w.workspaceId, w.projectId, { deleted: true });
    for (const bad of [foreign, deleted, 'nch_unknown']) {
      const res = await create(w.token, {
        projectId: w.projectId,
        kind: 'dead_man',
        channelIds: [w.channelId, bad],
      });
      expectError(res, 400, 'invalid_request');
      expect(res.body.details).toEqual([expect.objectContaining({ path: 'channelIds.1' })]);
    }
    const rule = await create(w.token, {
      projectId: w.projectId,
      kind: 'dead_man',
      channelIds: [w.channelId],
    });
    expectStatus(rule, 201);
    const patch = await api(`/api/v1/alert-rules/${rule.body.data.id}`, {
      method: 'PATCH',
      token: w.token,
      body: { channelIds: [foreign] },
    });
    expectError(patch, 400, 'invalid_request');
    const read = await api(`/api/v1/alert-rules/${rule.body.data.id}`, { token: w.token });
    expect(read.body.data.channelIds).toEqual([w.channelId]);
  });

  it('another workspace’s rules, projects and executables are 404', async () => {
    const w = await world();
    const stranger = await world();
    const rule = await create(w.token, { projectId: w.projectId, kind: 'execution_failed' });
    const id = rule.body.data.id;
    expectError(await api(`/api/v1/alert-rules/${id}`, { token: stranger.token }), 404, 'not_found');
    expectError(
      await api(`/api/v1/alert-rules/${id}`, {
        method: 'PATCH',
        token: stranger.token,
        body: { enabled: false },
      }),
      404,
      'not_found',
    );
    expectError(
      await api(`/api/v1/alert-rules/${id}`, { method: 'DELETE', token: stranger.token }),
      404,
      'not_found',
    );
    expectError(await create(stranger.token, { projectId: w.projectId, kind: 'dead_man' }), 404, 'not_found');
    expectError(
      await create(stranger.token, {
        projectId: stranger.projectId,
        executableId: w.executableId,
        kind: 'dead_man',
      }),
      404,
      'not_found',
    );
    expectError(
      await api(`/api/v1/executables/${w.executableId}/alert-rules`, { token: stranger.token }),
      404,
      'not_found',
    );
    expectError(
      await api(`/api/v1/alert-incidents?projectId=${w.projectId}`, { token: stranger.token }),
      404,
      'not_found',
    );
    const still = await api(`/api/v1/alert-rules/${id}`, { token: w.token });
    expect(still.body.data.enabled).toBe(true);
  });
});
