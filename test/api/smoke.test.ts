import { describe, expect, it } from 'vitest';
import { newWorkspace } from '../support/fixtures';
import { api } from '../support/http';

describe('smoke', () => {
  it('creates and lists a project', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/projects', {
      method: 'POST',
      token: owner.token,
      body: { name: 'A', slug: 'a' },
    });
    expect(res.status).toBe(201);
    const list = await api('/api/v1/projects', { token: owner.token });
    expect(list.body).toMatchObject({ data: [{ slug: 'a' }] });
    expect(list.headers.get('x-request-id')).toMatch(/^req_/);
  });
});
