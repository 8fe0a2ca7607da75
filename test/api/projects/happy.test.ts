import { describe, expect, it } from 'vitest';
import { expectDataEnvelope, expectStatus } from '../../support/expect';
import { newMember, newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';

const PROJECT_KEYS = ['createdAt', 'description', 'environment', 'id', 'name', 'slug', 'updatedAt'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('projects: happy paths', () => {
  it('POST creates a project: 201 Object envelope with exactly the project fields', async () => {
    const owner = await newWorkspace();
    const before = Date.now();
    const res = await api('/api/v1/projects', {
      method: 'POST',
      token: owner.token,
      body: { name: '  Price feeds ', slug: 'price-feeds', description: 'Keeps oracles fresh' },
    });
    expectStatus(res, 201);
    expectDataEnvelope(res);
    const p = res.body.data;
    expect(Object.keys(p).sort()).toEqual(PROJECT_KEYS);
    expect(p).toMatchObject({
      name: 'Price feeds',
      slug: 'price-feeds',
      description: 'Keeps oracles fresh',
      environment: 'production',
    });
    expect(p.id).toMatch(/^prj_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(p.createdAt).toMatch(ISO);
    expect(p.updatedAt).toBe(p.createdAt);
    expect(Date.parse(p.createdAt)).toBeGreaterThanOrEqual(before - 5000);
  });

  it('POST accepts environment development and leaves description null when absent', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/projects', {
      method: 'POST',
      token: owner.token,
      body: { name: 'Dev', slug: 'dev', environment: 'development' },
    });
    expectStatus(res, 201);
    expect(res.body.data).toMatchObject({ environment: 'development', description: null });
  });

  it('GET lists the workspace projects: Array envelope without pagination, newest first', async () => {
    const owner = await newWorkspace();
    const empty = await api('/api/v1/projects', { token: owner.token });
    expectStatus(empty, 200);
    expect(empty.body).toEqual({ data: [] });

    const ids: string[] = [];
    for (const slug of ['one', 'two', 'three']) {
      await new Promise((r) => setTimeout(r, 2)); // ids order by millisecond
      ids.push(
        (await api('/api/v1/projects', { method: 'POST', token: owner.token, body: { name: slug, slug } }))
          .body.data.id,
      );
    }
    const res = await api('/api/v1/projects', { token: owner.token });
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(res.body.data.map((p: any) => p.id)).toEqual([...ids].reverse());
    for (const p of res.body.data) expect(Object.keys(p).sort()).toEqual(PROJECT_KEYS);
  });

  it('GET /{id} returns the same record as create', async () => {
    const owner = await newWorkspace();
    const created = await api('/api/v1/projects', {
      method: 'POST',
      token: owner.token,
      body: { name: 'G', slug: 'g' },
    });
    const res = await api(`/api/v1/projects/${created.body.data.id}`, { token: owner.token });
    expectStatus(res, 200);
    expect(res.body).toEqual(created.body);
  });

  it('PATCH renames, changes or clears the description, and bumps updatedAt', async () => {
    const owner = await newWorkspace();
    const created = (
      await api('/api/v1/projects', {
        method: 'POST',
        token: owner.token,
        body: { name: 'Old', slug: 'p', description: 'd' },
      })
    ).body.data;
    await new Promise((r) => setTimeout(r, 5));
    const renamed = await api(`/api/v1/projects/${created.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { name: 'New' },
    });
    expectStatus(renamed, 200);
    expectDataEnvelope(renamed);
    expect(renamed.body.data).toMatchObject({ id: created.id, name: 'New', slug: 'p', description: 'd' });
    expect(Date.parse(renamed.body.data.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect(renamed.body.data.createdAt).toBe(created.createdAt);

    const described = await api(`/api/v1/projects/${created.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { description: 'fresh' },
    });
    expect(described.body.data).toMatchObject({ name: 'New', description: 'fresh' });

    const cleared = await api(`/api/v1/projects/${created.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { description: null },
    });
    expect(cleared.body.data.description).toBeNull();

    const both = await api(`/api/v1/projects/${created.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { name: 'Both', description: 'both' },
    });
    expect(both.body.data).toMatchObject({ name: 'Both', description: 'both' });
    expect((await api(`/api/v1/projects/${created.id}`, { token: owner.token })).body).toEqual(both.body);
  });

  it('the same slug may exist in two workspaces', async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    for (const owner of [a, b]) {
      const res = await api('/api/v1/projects', {
        method: 'POST',
        token: owner.token,
        body: { name: 'S', slug: 'shared' },
      });
      expectStatus(res, 201);
    }
  });

  it('an admin creates, a member reads', async () => {
    const owner = await newWorkspace();
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const member = await newMember(owner.workspaceId, { role: 'member' });
    const created = await api('/api/v1/projects', {
      method: 'POST',
      token: admin.token,
      body: { name: 'A', slug: 'by-admin' },
    });
    expectStatus(created, 201);
    const read = await api(`/api/v1/projects/${created.body.data.id}`, { token: member.token });
    expect(read.body).toEqual(created.body);
  });
});
