import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/openapi/registry';
import { expectError } from '../../support/expect';
import { api } from '../../support/http';
import { callOp, newWorld, opLabel, requestFor } from '../../support/operations';

// Every operation that names a resource (path id, projectId query or body) is tried with another workspace's ids.
const probe = {
  projectId: 'zzid',
  secretId: 'zzid',
  executionId: 'zzid',
  executableId: 'zzid',
  functionId: 'zzid',
  profileId: 'zzid',
  webhookId: 'zzid',
  ruleId: 'zzid',
} as never;
const addressed = OPERATIONS.filter((op) => JSON.stringify(requestFor(op, probe)).includes('zzid')).map(
  (op) => [opLabel(op), op] as const,
);

describe("another workspace's resources are 404 not_found and never leaked", () => {
  it('covers every operation that addresses a resource', () => {
    expect(addressed.map(([label]) => label)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/projects/{projectId}',
        'PATCH /api/v1/projects/{projectId}',
        'GET /api/v1/secrets',
        'POST /api/v1/secrets',
        'PATCH /api/v1/secrets/{secretId}',
        'DELETE /api/v1/secrets/{secretId}',
        'GET /api/v1/executions',
        'GET /api/v1/executions/{executionId}',
        'GET /api/v1/executions/{executionId}/logs',
        'GET /api/v1/executables/{executableId}/executions',
        'GET /api/v1/functions',
        'GET /api/v1/functions/{functionId}',
        'DELETE /api/v1/functions/{functionId}',
        'GET /api/v1/functions/{functionId}/source',
        'POST /api/v1/functions/{functionId}/copy',
        'GET /api/v1/profiles',
        'POST /api/v1/profiles',
        'GET /api/v1/profiles/{profileId}',
        'PATCH /api/v1/profiles/{profileId}',
        'POST /api/v1/profiles/{profileId}/archive',
        'POST /api/v1/profiles/{profileId}/unarchive',
        'POST /api/v1/profiles/{profileId}/retry',
        'POST /api/v1/profiles/{profileId}/share',
        'POST /api/v1/profiles/{profileId}/fund',
        'GET /api/v1/executables/{executableId}/storage',
        'PATCH /api/v1/executables/{executableId}/storage',
        'GET /api/v1/executables/{executableId}/webhooks',
        'POST /api/v1/executables/{executableId}/webhooks',
        'GET /api/v1/webhooks/{webhookId}',
        'PATCH /api/v1/webhooks/{webhookId}',
        'DELETE /api/v1/webhooks/{webhookId}',
        'POST /api/v1/webhooks/{webhookId}/rotate',
        'GET /api/v1/alert-rules',
        'POST /api/v1/alert-rules',
        'GET /api/v1/alert-rules/{ruleId}',
        'PATCH /api/v1/alert-rules/{ruleId}',
        'DELETE /api/v1/alert-rules/{ruleId}',
        'GET /api/v1/executables/{executableId}/alert-rules',
        'GET /api/v1/alert-incidents',
      ]),
    );
  });

  it.each(addressed)('%s', async (_, op) => {
    const mine = await newWorld();
    const theirs = await newWorld();
    const theirProject = await api(`/api/v1/projects/${theirs.projectId}`, { token: theirs.token });
    const foreign = { ...theirs, token: mine.token };
    expect(op.path.includes('{') || JSON.stringify(requestFor(op, foreign)).includes(theirs.projectId)).toBe(
      true,
    );
    const res = await callOp(op, foreign, mine.token);
    expectError(res, 404, 'not_found');
    for (const id of [
      theirs.projectId,
      theirs.secretId,
      theirs.executionId,
      theirs.executableId,
      theirs.workspaceId,
      theirs.functionId,
      theirs.profileId,
      theirs.freeProfileId,
      theirs.archivedProfileId,
      theirs.pendingProfileId,
      theirs.webhookId,
    ]) {
      expect(res.text).not.toContain(id);
    }
    // and nothing of theirs changed
    const project = await api(`/api/v1/projects/${theirs.projectId}`, { token: theirs.token });
    expect(project.body.data.name).toBe(theirProject.body.data.name);
    const secrets = await api(`/api/v1/secrets?projectId=${theirs.projectId}`, { token: theirs.token });
    expect(secrets.body.data.map((s: any) => [s.id, s.version])).toEqual([[theirs.secretId, 1]]);
    const fn = await api(`/api/v1/functions/${theirs.functionId}`, { token: theirs.token });
    expect(fn.body.data.state).toBe('active');
    const fns = await api(`/api/v1/functions?projectId=${theirs.projectId}`, { token: theirs.token });
    expect(fns.body.data).toHaveLength(2); // the seeded executable's release and the uploaded one, no copy
    const hook = await api(`/api/v1/webhooks/${theirs.webhookId}`, { token: theirs.token });
    expect(hook.body.data).toMatchObject({ name: 'world-hook', state: 'active', rotatedAt: null });
    const storage = await api(`/api/v1/executables/${theirs.executableId}/storage`, { token: theirs.token });
    expect(storage.body.data).toEqual({ value: {}, version: 0 });
  });
});
