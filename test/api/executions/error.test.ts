import { describe, expect, it } from 'vitest';
import { encodeCursor } from '@/lib/api/pagination';
import { expectError } from '../../support/expect';
import { newProject, newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedExecutable, seedExecutions } from '../../support/seed';

async function setup() {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id);
  const ids = await seedExecutions(exe, 3);
  return { owner, project, exe, ids };
}

describe('executions: errors', () => {
  it('projectId is required → 400 invalid_request with details', async () => {
    const { owner } = await setup();
    const res = await api('/api/v1/executions', { token: owner.token });
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path)).toEqual(['projectId']);
  });

  it.each(['0', '201', 'abc', '-1', '1.5', '1e3'])('limit=%s → 400 invalid_request', async (limit) => {
    const { owner, project, exe } = await setup();
    const res = await api(`/api/v1/executions?projectId=${project.id}&limit=${limit}`, {
      token: owner.token,
    });
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path)).toEqual(['limit']);
    expectError(
      await api(`/api/v1/executables/${exe.executableId}/executions?limit=${limit}`, { token: owner.token }),
      400,
      'invalid_request',
    );
  });

  it.each(['abc', 'e30', encodeURIComponent(Buffer.from('{"nope":1}').toString('base64url')), '%7B%7D'])(
    'a cursor the API did not issue (%s) → 400 invalid_request',
    async (cursor) => {
      const { owner, project, exe } = await setup();
      expectError(
        await api(`/api/v1/executions?projectId=${project.id}&cursor=${cursor}`, { token: owner.token }),
        400,
        'invalid_request',
      );
      expectError(
        await api(`/api/v1/executables/${exe.executableId}/executions?cursor=${cursor}`, {
          token: owner.token,
        }),
        400,
        'invalid_request',
      );
    },
  );

  it('a well-formed cursor past the end is just an empty, done page', async () => {
    const { owner, project } = await setup();
    const res = await api(`/api/v1/executions?projectId=${project.id}&cursor=${encodeCursor('exn_0')}`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], pagination: { cursor: '', isDone: true } });
  });

  it.each(['submitted_unknown', 'SUBMITTED', 'done', ''])(
    'status=%s → 400 invalid_request',
    async (status) => {
      const { owner, project } = await setup();
      const res = await api(`/api/v1/executions?projectId=${project.id}&status=${status}`, {
        token: owner.token,
      });
      expectError(res, 400, 'invalid_request');
      expect(res.body.details.map((d: any) => d.path)).toEqual(['status']);
    },
  );

  it('unknown project, execution or executable → 404 not_found', async () => {
    const { owner } = await setup();
    expectError(
      await api('/api/v1/executions?projectId=prj_unknown', { token: owner.token }),
      404,
      'not_found',
    );
    expectError(await api('/api/v1/executions/exn_unknown', { token: owner.token }), 404, 'not_found');
    expectError(await api('/api/v1/executions/exn_unknown/logs', { token: owner.token }), 404, 'not_found');
    expectError(
      await api('/api/v1/executables/exe_unknown/executions', { token: owner.token }),
      404,
      'not_found',
    );
  });

  it('the list routes take no mutations: POST is not an operation', async () => {
    const { owner, project } = await setup();
    const res = await api(`/api/v1/executions?projectId=${project.id}`, {
      method: 'POST',
      token: owner.token,
      body: {},
    });
    expect(res.status).toBe(405);
  });
});
