import { describe, expect, it } from 'vitest';
import { expectError } from '../../support/expect';
import { newProject, newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';

const create = (token: string, body: unknown) => api('/api/v1/secrets', { method: 'POST', token, body });

describe('secrets: errors', () => {
  it('a duplicate name in the project → 409 conflict, and the first value is kept', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const first = await create(owner.token, { projectId: project.id, name: 'DUP', value: 'one' });
    expect(first.status).toBe(201);
    const res = await create(owner.token, { projectId: project.id, name: 'DUP', value: 'two-never-shown' });
    expectError(res, 409, 'conflict');
    expect(res.text).not.toContain('two-never-shown');
    const list = await api(`/api/v1/secrets?projectId=${project.id}`, { token: owner.token });
    expect(list.body.data).toEqual([first.body.data]);
  });

  it('names are case-sensitive: DUP and dup are two secrets', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    expect((await create(owner.token, { projectId: project.id, name: 'DUP', value: 'a' })).status).toBe(201);
    expect((await create(owner.token, { projectId: project.id, name: 'dup', value: 'b' })).status).toBe(201);
  });

  it.each([
    ['missing value', { name: 'A' }, ['value']],
    ['empty value', { name: 'A', value: '' }, ['value']],
    ['value of wrong type', { name: 'A', value: 123 }, ['value']],
    ['value over 64 KiB', { name: 'A', value: 'x'.repeat(64 * 1024 + 1) }, ['value']],
    ['name starting with a digit', { name: '1A', value: 'v' }, ['name']],
    ['name with a space', { name: 'A B', value: 'v' }, ['name']],
    ['name over 64', { name: `A${'a'.repeat(64)}`, value: 'v' }, ['name']],
    ['unknown field', { name: 'A', value: 'v', envKey: 'X' }, ['']],
  ])('create with %s → 400 invalid_request with details', async (_, body, paths) => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const res = await create(owner.token, { projectId: project.id, ...body });
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path)).toEqual(paths);
    expect((await api(`/api/v1/secrets?projectId=${project.id}`, { token: owner.token })).body.data).toEqual(
      [],
    );
  });

  it('create without projectId → 400; with an unknown project → 404', async () => {
    const owner = await newWorkspace();
    const res = await create(owner.token, { name: 'A', value: 'v' });
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path)).toEqual(['projectId']);
    expectError(
      await create(owner.token, { projectId: 'prj_unknown', name: 'A', value: 'v' }),
      404,
      'not_found',
    );
  });

  it('list without projectId → 400 invalid_request; unknown project → 404', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/secrets', { token: owner.token });
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path)).toEqual(['projectId']);
    expectError(await api('/api/v1/secrets?projectId=', { token: owner.token }), 400, 'invalid_request');
    expectError(await api('/api/v1/secrets?projectId=prj_unknown', { token: owner.token }), 404, 'not_found');
  });

  it('rotate: missing, empty or mistyped value → 400; unknown fields → 400; unknown id → 404', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const s = (await create(owner.token, { projectId: project.id, name: 'R', value: 'v' })).body.data;
    for (const body of [{}, { value: '' }, { value: 1 }, { value: 'v', name: 'renamed' }]) {
      expectError(
        await api(`/api/v1/secrets/${s.id}`, { method: 'PATCH', token: owner.token, body }),
        400,
        'invalid_request',
      );
    }
    expectError(
      await api(`/api/v1/secrets/${s.id}`, { method: 'PATCH', token: owner.token, raw: '{' }),
      400,
      'invalid_request',
    );
    expectError(
      await api('/api/v1/secrets/sec_unknown', { method: 'PATCH', token: owner.token, body: { value: 'v' } }),
      404,
      'not_found',
    );
    const list = await api(`/api/v1/secrets?projectId=${project.id}`, { token: owner.token });
    expect(list.body.data[0].version).toBe(1);
  });

  it('delete twice → the second is 404 not_found', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const s = (await create(owner.token, { projectId: project.id, name: 'D', value: 'v' })).body.data;
    expect((await api(`/api/v1/secrets/${s.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expectError(
      await api(`/api/v1/secrets/${s.id}`, { method: 'DELETE', token: owner.token }),
      404,
      'not_found',
    );
    expectError(
      await api(`/api/v1/secrets/${s.id}`, { method: 'PATCH', token: owner.token, body: { value: 'x' } }),
      404,
      'not_found',
    );
  });
});
