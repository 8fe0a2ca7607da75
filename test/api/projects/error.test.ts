import { describe, expect, it } from 'vitest';
import { expectError } from '../../support/expect';
import { newProject, newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';

const post = (token: string, body: unknown) => api('/api/v1/projects', { method: 'POST', token, body });

describe('projects: errors', () => {
  it('POST with malformed JSON → 400 invalid_request', async () => {
    const owner = await newWorkspace();
    expectError(
      await api('/api/v1/projects', { method: 'POST', token: owner.token, raw: '{"name":' }),
      400,
      'invalid_request',
    );
  });

  it.each([
    ['missing slug', { name: 'A' }, ['slug']],
    ['missing name', { slug: 'a' }, ['name']],
    ['name of wrong type', { name: 42, slug: 'a' }, ['name']],
    ['blank name', { name: '   ', slug: 'a' }, ['name']],
    ['name over 100', { name: 'n'.repeat(101), slug: 'a' }, ['name']],
    ['slug with capitals', { name: 'A', slug: 'Bad' }, ['slug']],
    ['slug with a trailing hyphen', { name: 'A', slug: 'bad-' }, ['slug']],
    ['slug over 48', { name: 'A', slug: 'a'.repeat(49) }, ['slug']],
    ['unknown environment', { name: 'A', slug: 'a', environment: 'staging' }, ['environment']],
    ['description of wrong type', { name: 'A', slug: 'a', description: 5 }, ['description']],
    ['unknown field', { name: 'A', slug: 'a', workspaceId: 'ws_x' }, ['']],
  ])('POST %s → 400 invalid_request with details', async (_, body, paths) => {
    const owner = await newWorkspace();
    const res = await post(owner.token, body);
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path)).toEqual(paths);
    expect((await api('/api/v1/projects', { token: owner.token })).body.data).toEqual([]);
  });

  it('POST with a slug already used in the workspace → 409 conflict', async () => {
    const owner = await newWorkspace();
    await newProject(owner.workspaceId, { slug: 'taken' });
    const res = await post(owner.token, { name: 'Again', slug: 'taken' });
    expectError(res, 409, 'conflict');
    expect(res.body.error).toContain('taken');
    expect((await api('/api/v1/projects', { token: owner.token })).body.data).toHaveLength(1);
  });

  it('PATCH with neither name nor description → 400 invalid_request', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    for (const raw of ['{}', '']) {
      const res = await api(`/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, raw });
      expectError(res, 400, 'invalid_request');
      expect(res.body.details).toHaveLength(1);
    }
  });

  it.each([
    ['slug (immutable)', { slug: 'new' }],
    ['environment (immutable)', { environment: 'development' }],
    ['blank name', { name: '' }],
    ['name of wrong type', { name: ['x'] }],
    ['description too long', { description: 'd'.repeat(1001) }],
  ])('PATCH with %s → 400 invalid_request', async (_, body) => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    expectError(
      await api(`/api/v1/projects/${project.id}`, { method: 'PATCH', token: owner.token, body }),
      400,
      'invalid_request',
    );
    const after = await api(`/api/v1/projects/${project.id}`, { token: owner.token });
    expect(after.body.data).toMatchObject({
      name: project.name,
      slug: project.slug,
      environment: 'production',
    });
  });

  it('GET and PATCH of an unknown id → 404 not_found', async () => {
    const owner = await newWorkspace();
    for (const id of ['prj_01J00000000000000000000000', 'nonsense', 'prj_']) {
      expectError(await api(`/api/v1/projects/${id}`, { token: owner.token }), 404, 'not_found');
      expectError(
        await api(`/api/v1/projects/${id}`, { method: 'PATCH', token: owner.token, body: { name: 'x' } }),
        404,
        'not_found',
      );
    }
  });
});
