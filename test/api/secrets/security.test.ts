import { describe, expect, it } from 'vitest';
import { expectError } from '../../support/expect';
import { newKey, newMember, newProject, newWorkspace, testDb, uniq } from '../../support/fixtures';
import { type ApiResponse, api } from '../../support/http';

describe('secrets: security', () => {
  it('the value never appears in any response: create, list, rotate, delete, errors, replays', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const v1 = `v1-${uniq()}-${uniq()}`;
    const v2 = `v2-${uniq()}-${uniq()}`;
    const seen: ApiResponse[] = [];
    const call = async (path: string, opts: Parameters<typeof api>[1]) => {
      const res = await api(path, { token: owner.token, ...opts });
      seen.push(res);
      return res;
    };
    const key = `idem-${uniq()}`;
    const created = await call('/api/v1/secrets', {
      method: 'POST',
      body: { projectId: project.id, name: 'TOKEN', value: v1 },
      headers: { 'idempotency-key': key },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    await call('/api/v1/secrets', {
      method: 'POST',
      body: { projectId: project.id, name: 'TOKEN', value: v1 },
      headers: { 'idempotency-key': key },
    }); // replay
    await call('/api/v1/secrets', {
      method: 'POST',
      body: { projectId: project.id, name: 'TOKEN', value: v1 },
    }); // 409
    await call('/api/v1/secrets', {
      method: 'POST',
      body: { projectId: project.id, name: 'bad name', value: v1 },
    }); // 400
    await call('/api/v1/secrets', {
      method: 'POST',
      body: { projectId: project.id, name: 'X', value: v1, extra: v1 },
    }); // 400
    await call('/api/v1/secrets', { method: 'POST', body: { projectId: 'prj_nope', name: 'X', value: v1 } }); // 404
    await call(`/api/v1/secrets?projectId=${project.id}`, {});
    await call(`/api/v1/secrets/${id}`, { method: 'PATCH', body: { value: v2 } });
    await call(`/api/v1/secrets/${id}`, { method: 'PATCH', body: { value: v2, more: v2 } }); // 400
    await call(`/api/v1/secrets?projectId=${project.id}`, {});
    await call(`/api/v1/secrets/${id}`, { method: 'DELETE' });
    expect(seen.map((r) => r.status)).toEqual([201, 201, 409, 400, 400, 404, 200, 200, 400, 200, 200]);
    for (const res of seen) {
      expect(res.text).not.toContain(v1);
      expect(res.text).not.toContain(v2);
      expect(res.text).not.toContain('ciphertext');
    }
    // nor in the stored idempotency records
    const records = await testDb()
      .$sql`select response_body from idempotency_records where credential_id = ${owner.keyId}`;
    for (const r of records) expect(r.response_body).not.toContain(v1);
  });

  it("another workspace's secrets: list, create, rotate and delete are 404 and change nothing", async () => {
    const mine = await newWorkspace();
    const theirs = await newWorkspace();
    const theirProject = await newProject(theirs.workspaceId);
    const theirSecret = (
      await api('/api/v1/secrets', {
        method: 'POST',
        token: theirs.token,
        body: { projectId: theirProject.id, name: 'THEIRS', value: 'their-value' },
      })
    ).body.data;
    expectError(
      await api(`/api/v1/secrets?projectId=${theirProject.id}`, { token: mine.token }),
      404,
      'not_found',
    );
    expectError(
      await api('/api/v1/secrets', {
        method: 'POST',
        token: mine.token,
        body: { projectId: theirProject.id, name: 'PLANTED', value: 'x' },
      }),
      404,
      'not_found',
    );
    expectError(
      await api(`/api/v1/secrets/${theirSecret.id}`, {
        method: 'PATCH',
        token: mine.token,
        body: { value: 'overwrite' },
      }),
      404,
      'not_found',
    );
    expectError(
      await api(`/api/v1/secrets/${theirSecret.id}`, { method: 'DELETE', token: mine.token }),
      404,
      'not_found',
    );
    const list = await api(`/api/v1/secrets?projectId=${theirProject.id}`, { token: theirs.token });
    expect(list.body.data).toEqual([theirSecret]);
  });

  it('a member may list but not create, rotate or delete (403 forbidden)', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const s = (
      await api('/api/v1/secrets', {
        method: 'POST',
        token: owner.token,
        body: { projectId: project.id, name: 'S', value: 'v' },
      })
    ).body.data;
    const member = await newMember(owner.workspaceId, { role: 'member' });
    expect((await api(`/api/v1/secrets?projectId=${project.id}`, { token: member.token })).status).toBe(200);
    expectError(
      await api('/api/v1/secrets', {
        method: 'POST',
        token: member.token,
        body: { projectId: project.id, name: 'M', value: 'v' },
      }),
      403,
      'forbidden',
    );
    expectError(
      await api(`/api/v1/secrets/${s.id}`, { method: 'PATCH', token: member.token, body: { value: 'm' } }),
      403,
      'forbidden',
    );
    expectError(
      await api(`/api/v1/secrets/${s.id}`, { method: 'DELETE', token: member.token }),
      403,
      'forbidden',
    );
    const list = await api(`/api/v1/secrets?projectId=${project.id}`, { token: owner.token });
    expect(list.body.data).toEqual([s]);
  });

  it('secrets:read cannot write, secrets:write cannot list', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const reader = await newKey(owner, { scopes: ['secrets:read'] });
    const writer = await newKey(owner, { scopes: ['secrets:write'] });
    expectError(
      await api('/api/v1/secrets', {
        method: 'POST',
        token: reader.token,
        body: { projectId: project.id, name: 'R', value: 'v' },
      }),
      403,
      'insufficient_scope',
    );
    expectError(
      await api(`/api/v1/secrets?projectId=${project.id}`, { token: writer.token }),
      403,
      'insufficient_scope',
    );
  });
});
