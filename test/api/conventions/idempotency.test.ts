import { describe, expect, it } from 'vitest';
import { requestFingerprint } from '@/lib/api/idempotency';
import { setMembership } from '@/lib/workspaces/service';
import { expectError } from '../../support/expect';
import { newKey, newMember, newProject, newWorkspace, testDb, uniq } from '../../support/fixtures';
import { api } from '../../support/http';

const create = (
  token: string,
  key: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  api('/api/v1/projects', {
    method: 'POST',
    token,
    body,
    headers: { ...headers, ...(key !== undefined && { 'idempotency-key': key }) },
  });

const projectCount = async (workspaceId: string) => {
  const [row] = await testDb()
    .$sql`select count(*)::int as n from projects where workspace_id = ${workspaceId}`;
  return row.n as number;
};

describe('idempotency', () => {
  it('a replay returns the same status and body with Idempotency-Replayed: true and creates nothing new', async () => {
    const owner = await newWorkspace();
    const key = `create-${uniq()}`;
    const first = await create(owner.token, key, { name: 'Once', slug: 'once' });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotency-replayed')).toBeNull();

    const second = await create(owner.token, key, { slug: 'once', name: 'Once' }); // same canonical body
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
    expect(second.headers.get('x-request-id')).toMatch(/^req_/);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await projectCount(owner.workspaceId)).toBe(1);
  });

  it('without a key the same request is not deduplicated', async () => {
    const owner = await newWorkspace();
    expect((await create(owner.token, undefined, { name: 'A', slug: 'a' })).status).toBe(201);
    expectError(await create(owner.token, undefined, { name: 'A', slug: 'a' }), 409, 'conflict');
  });

  it('replays a recorded error response too (same status and body)', async () => {
    const owner = await newWorkspace();
    await newProject(owner.workspaceId, { slug: 'taken' });
    const key = `dup-${uniq()}`;
    const first = await create(owner.token, key, { name: 'T', slug: 'taken' });
    expectError(first, 409, 'conflict');
    const second = await create(owner.token, key, { name: 'T', slug: 'taken' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
  });

  it('same key with a different body → 409 idempotency_conflict, nothing created', async () => {
    const owner = await newWorkspace();
    const key = `k-${uniq()}`;
    expect((await create(owner.token, key, { name: 'One', slug: 'one' })).status).toBe(201);
    const res = await create(owner.token, key, { name: 'Two', slug: 'two' });
    expectError(res, 409, 'idempotency_conflict');
    expect(await projectCount(owner.workspaceId)).toBe(1);
  });

  it('same key on another route template → 409 idempotency_conflict', async () => {
    const owner = await newWorkspace();
    const key = `k-${uniq()}`;
    const created = await create(owner.token, key, { name: 'One', slug: 'one' });
    const res = await api(`/api/v1/projects/${created.body.data.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { name: 'One', slug: 'one' },
      headers: { 'idempotency-key': key },
    });
    // the body is invalid for PATCH (slug is unknown there): validation runs before the key is looked at
    expectError(res, 400, 'invalid_request');
    const patch = await api(`/api/v1/projects/${created.body.data.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { name: 'One' },
      headers: { 'idempotency-key': key },
    });
    expectError(patch, 409, 'idempotency_conflict');
  });

  it('a key still in progress → 409 idempotency_in_progress with Retry-After (simulated claim)', async () => {
    const owner = await newWorkspace();
    const key = `busy-${uniq()}`;
    const body = { name: 'Busy', slug: 'busy' };
    const fingerprint = requestFingerprint('POST', '/api/v1/projects', body);
    await testDb().$sql`
      insert into idempotency_records (credential_id, workspace_id, key, fingerprint, state, expires_at)
      values (${owner.keyId}, ${owner.workspaceId}, ${key}, ${fingerprint}, 'in_progress', now() + interval '1 day')`;
    const res = await create(owner.token, key, body);
    expectError(res, 409, 'idempotency_in_progress');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // a different body with the same key is a conflict, not "in progress"
    expectError(
      await create(owner.token, key, { name: 'Other', slug: 'other' }),
      409,
      'idempotency_conflict',
    );
    expect(await projectCount(owner.workspaceId)).toBe(0);
  });

  it('an abandoned claim (older than five minutes) is taken over', async () => {
    const owner = await newWorkspace();
    const key = `stale-${uniq()}`;
    const body = { name: 'Stale', slug: 'stale' };
    const fingerprint = requestFingerprint('POST', '/api/v1/projects', body);
    await testDb().$sql`
      insert into idempotency_records (credential_id, workspace_id, key, fingerprint, state, created_at, expires_at)
      values (${owner.keyId}, ${owner.workspaceId}, ${key}, ${fingerprint}, 'in_progress',
              now() - interval '10 minutes', now() + interval '1 day')`;
    const res = await create(owner.token, key, body);
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotency-replayed')).toBeNull();
  });

  it('an expired record no longer replays', async () => {
    const owner = await newWorkspace();
    const key = `old-${uniq()}`;
    expect((await create(owner.token, key, { name: 'Old', slug: 'old' })).status).toBe(201);
    await testDb().$sql`
      update idempotency_records set expires_at = now() - interval '1 second'
      where credential_id = ${owner.keyId} and key = ${key}`;
    const res = await create(owner.token, key, { name: 'New', slug: 'new' });
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotency-replayed')).toBeNull();
    expect(await projectCount(owner.workspaceId)).toBe(2);
  });

  it('a real concurrent pair with one key creates exactly one project', async () => {
    const owner = await newWorkspace();
    const key = `race-${uniq()}`;
    const body = { name: 'Race', slug: 'race' };
    const results = await Promise.all(Array.from({ length: 6 }, () => create(owner.token, key, body)));
    const fresh = results.filter((r) => r.status === 201 && r.headers.get('idempotency-replayed') === null);
    expect(fresh).toHaveLength(1);
    for (const r of results) {
      if (r.status === 201) expect(r.body).toEqual(fresh[0].body);
      else {
        expectError(r, 409, 'idempotency_in_progress');
        expect(r.headers.get('retry-after')).toBeTruthy();
      }
    }
    expect(await projectCount(owner.workspaceId)).toBe(1);
  });

  it('keys over 128 characters (or empty) → 400 invalid_request; 128 is fine', async () => {
    const owner = await newWorkspace();
    expectError(
      await create(owner.token, 'k'.repeat(129), { name: 'L', slug: 'long' }),
      400,
      'invalid_request',
    );
    expectError(await create(owner.token, '', { name: 'L', slug: 'long' }), 400, 'invalid_request');
    expect(await projectCount(owner.workspaceId)).toBe(0);
    expect((await create(owner.token, 'k'.repeat(128), { name: 'L', slug: 'long' })).status).toBe(201);
  });

  it('keys are per credential: another key with the same Idempotency-Key is independent', async () => {
    const owner = await newWorkspace();
    const second = await newKey(owner);
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const key = `shared-${uniq()}`;
    const a = await create(owner.token, key, { name: 'A', slug: 'a' });
    const b = await create(second.token, key, { name: 'B', slug: 'b' });
    const c = await create(admin.token, key, { name: 'A', slug: 'a' }); // same body, other credential: not a replay
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotency-replayed')).toBeNull();
    expectError(c, 409, 'conflict');
    expect(c.headers.get('idempotency-replayed')).toBeNull();
    expect(await projectCount(owner.workspaceId)).toBe(2);
  });

  it('an unbound key keeps separate records per workspace', async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    await setMembership(testDb(), { workspaceId: b.workspaceId, userId: a.userId, role: 'owner' });
    const unbound = await newKey(a, { unbound: true });
    const key = `ws-${uniq()}`;
    const body = { name: 'Same', slug: 'same' };
    const inA = await create(unbound.token, key, body, { 'x-workspace-id': a.workspaceId });
    const inB = await create(unbound.token, key, body, { 'x-workspace-id': b.workspaceId });
    expect(inA.status).toBe(201);
    expect(inB.status).toBe(201);
    expect(inB.headers.get('idempotency-replayed')).toBeNull();
    expect(inB.body.data.id).not.toBe(inA.body.data.id);
  });

  it('works for DELETE without a body and PATCH', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const secret = await api('/api/v1/secrets', {
      method: 'POST',
      token: owner.token,
      body: { projectId: project.id, name: 'DEL', value: 'x' },
    });
    const key = `del-${uniq()}`;
    const del = (k: string) =>
      api(`/api/v1/secrets/${secret.body.data.id}`, {
        method: 'DELETE',
        token: owner.token,
        headers: { 'idempotency-key': k },
      });
    const first = await del(key);
    expect(first.status).toBe(200);
    const replay = await del(key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expectError(await del(`${key}-new`), 404, 'not_found');

    const patchKey = `patch-${uniq()}`;
    const patch = (name: string) =>
      api(`/api/v1/projects/${project.id}`, {
        method: 'PATCH',
        token: owner.token,
        body: { name },
        headers: { 'idempotency-key': patchKey },
      });
    const p1 = await patch('Renamed');
    expect((await patch('Renamed')).body).toEqual(p1.body);
    expectError(await patch('Other'), 409, 'idempotency_conflict');
  });

  it('the fingerprint uses the route template: one key reused on two ids replays the first (keys should name the target)', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const ids: string[] = [];
    for (const name of ['FIRST', 'SECOND']) {
      const r = await api('/api/v1/secrets', {
        method: 'POST',
        token: owner.token,
        body: { projectId: project.id, name, value: 'v' },
      });
      ids.push(r.body.data.id);
    }
    const key = `rotate-${uniq()}`;
    const rotate = (id: string) =>
      api(`/api/v1/secrets/${id}`, {
        method: 'PATCH',
        token: owner.token,
        body: { value: 'new' },
        headers: { 'idempotency-key': key },
      });
    const first = await rotate(ids[0]);
    const second = await rotate(ids[1]);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
    expect(second.body.data.id).toBe(ids[0]);
    const list = await api(`/api/v1/secrets?projectId=${project.id}`, { token: owner.token });
    const versions = Object.fromEntries(list.body.data.map((s: any) => [s.id, s.version]));
    expect(versions).toEqual({ [ids[0]]: 2, [ids[1]]: 1 });
    expect(first.status).toBe(200);
  });

  it('GET ignores Idempotency-Key', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/projects', {
      token: owner.token,
      headers: { 'idempotency-key': 'x'.repeat(300) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotency-replayed')).toBeNull();
  });
});
