import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import {
  blobCount,
  releaseRows,
  TASK_SOURCE,
  taskZip,
  upload,
  workspaceReleaseCount,
} from '../../support/bundles';
import { expectError } from '../../support/expect';
import { newKey, newMember, newProject, newWorkspace, testDb, uniq } from '../../support/fixtures';
import { type ApiResponse, api } from '../../support/http';

const distinctZip = (label = uniq()) => taskZip(`${TASK_SOURCE}// ${label}\n`);

async function withRelease(plan: 'free' | 'pro' = 'pro') {
  const owner = await newWorkspace({ plan });
  const project = await newProject(owner.workspaceId);
  const fields = (taskName: string, extra: Record<string, unknown> = {}) => ({
    workspaceId: owner.workspaceId,
    projectId: project.id,
    taskName,
    ...extra,
  });
  const up = await upload(owner.token, taskZip(`${TASK_SOURCE}// top secret source\n`), fields('private'));
  if (up.status !== 200) throw new Error(up.text);
  return { owner, project, fields, functionId: up.body.taskId as string };
}

/** Nothing an attacker should read in an error body: stack frames, SQL, driver text, file paths, tokens. */
function expectOpaque(res: ApiResponse, secrets: string[] = []) {
  const text = res.text;
  for (const pattern of [
    /\bat\s+\S+\s+\(/, // stack frame
    /node_modules|\/work\/|\.ts:\d+|\.js:\d+/,
    /\b(select|insert|update|delete)\b.+\b(from|into|set)\b/i,
    /postgres|drizzle|syntax error|violates|relation "/i,
    /"stack"|"cause"|"sql"|"query"/i,
  ]) {
    expect(text, `${pattern} in ${text}`).not.toMatch(pattern);
  }
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe('functions: scopes and roles', () => {
  it('upload needs functions:upload: every other scope → 403 insufficient_scope, nothing written', async () => {
    const { owner, project, fields } = await withRelease('free');
    const key = await newKey(owner, { scopes: SCOPES.filter((s) => s !== 'functions:upload') });
    const zip = distinctZip();
    const res = await upload(key.token, zip, fields('scoped'));
    expectError(res, 403, 'insufficient_scope');
    expect(res.body.requiredScope).toBe('functions:upload');
    expect(await releaseRows(project.id)).toHaveLength(1);
    expect(await blobCount(zip)).toBe(0);
    const only = await newKey(owner, { scopes: ['functions:upload'] });
    expect((await upload(only.token, zip, fields('scoped'))).status).toBe(200);
  });

  it('source needs functions:source; functions:read alone cannot read source, delete, copy or upload', async () => {
    const { owner, project, functionId, fields } = await withRelease();
    const reader = await newKey(owner, { scopes: ['functions:read'] });
    expect((await api(`/api/v1/functions/${functionId}`, { token: reader.token })).status).toBe(200);
    expect((await api(`/api/v1/functions?projectId=${project.id}`, { token: reader.token })).status).toBe(
      200,
    );
    const source = await api(`/api/v1/functions/${functionId}/source`, { token: reader.token });
    expectError(source, 403, 'insufficient_scope');
    expect(source.body.requiredScope).toBe('functions:source');
    expect(source.text).not.toContain('top secret');
    const del = await api(`/api/v1/functions/${functionId}`, { method: 'DELETE', token: reader.token });
    expectError(del, 403, 'insufficient_scope');
    expect(del.body.requiredScope).toBe('functions:delete');
    const copy = await api(`/api/v1/functions/${functionId}/copy`, {
      method: 'POST',
      token: reader.token,
      body: { targetProjectId: project.id, name: 'c' },
    });
    expectError(copy, 403, 'insufficient_scope');
    expect(copy.body.requiredScope).toBe('functions:upload');
    expectError(await upload(reader.token, distinctZip(), fields('r')), 403, 'insufficient_scope');

    const sourcer = await newKey(owner, { scopes: ['functions:source'] });
    const ok = await api(`/api/v1/functions/${functionId}/source`, { token: sourcer.token });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('top secret source');
    expectError(
      await api(`/api/v1/functions/${functionId}`, { token: sourcer.token }),
      403,
      'insufficient_scope',
    );
    expect((await api(`/api/v1/functions/${functionId}`, { token: owner.token })).body.data.state).toBe(
      'active',
    );
  });

  it('a member (every scope) may read but gets 403 forbidden on upload, delete and copy; nothing changes', async () => {
    const { owner, project, functionId, fields } = await withRelease();
    for (const unbound of [false, true]) {
      const member = await newMember(owner.workspaceId, { role: 'member', unbound });
      const headers: Record<string, string> = unbound ? { 'x-workspace-id': owner.workspaceId } : {};
      const zip = distinctZip();
      expectError(await upload(member.token, zip, fields('by-member'), headers), 403, 'forbidden');
      expect(await blobCount(zip)).toBe(0);
      expectError(
        await api(`/api/v1/functions/${functionId}`, { method: 'DELETE', token: member.token, headers }),
        403,
        'forbidden',
      );
      expectError(
        await api(`/api/v1/functions/${functionId}/copy`, {
          method: 'POST',
          token: member.token,
          headers,
          body: { targetProjectId: project.id, name: 'member-copy' },
        }),
        403,
        'forbidden',
      );
      expect(
        (await api(`/api/v1/functions/${functionId}/source`, { token: member.token, headers })).status,
      ).toBe(200);
    }
    const rows = await releaseRows(project.id);
    expect(rows.map((r) => [r.id, r.deleted_at])).toEqual([[functionId, null]]);
  });

  it('a revoked key and a removed member are refused on the next upload', async () => {
    const { owner, fields } = await withRelease();
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    expect((await upload(admin.token, distinctZip(), fields('a1'))).status).toBe(200);
    await testDb().update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, admin.keyId));
    expectError(await upload(admin.token, distinctZip(), fields('a2')), 401, 'unauthorized');
    expect(await workspaceReleaseCount(owner.workspaceId)).toBe(2);
  });
});

describe('functions: tenancy', () => {
  it('data.workspaceId must be the credential’s workspace → 403 workspace_mismatch, even for a workspace the user owns', async () => {
    const { owner, project, fields } = await withRelease();
    const other = await newWorkspace();
    const otherProject = await newProject(other.workspaceId);
    const zip = distinctZip();
    for (const data of [
      fields('x', { workspaceId: other.workspaceId }),
      fields('x', { workspaceId: other.workspaceId, projectId: otherProject.id }),
      fields('x', { workspaceId: 'ws_00000000000000000000000000' }),
    ]) {
      const res = await upload(owner.token, zip, data);
      expectError(res, 403, 'workspace_mismatch');
      expect(res.text).not.toContain(otherProject.id);
    }
    // header and query are checked by the wrapper too
    expectError(
      await upload(owner.token, zip, fields('x'), { 'x-workspace-id': other.workspaceId }),
      403,
      'workspace_mismatch',
    );
    expectError(
      await upload(owner.token, zip, fields('x'), {}, { workspaceId: other.workspaceId }),
      403,
      'workspace_mismatch',
    );
    expect(await releaseRows(project.id)).toHaveLength(1);
    expect(await releaseRows(otherProject.id)).toHaveLength(0);
    expect(await blobCount(zip)).toBe(0);
  });

  it('an unbound key: data.workspaceId must equal X-Workspace-Id', async () => {
    const { owner, fields } = await withRelease();
    const second = await newWorkspace();
    const unbound = await newKey(owner, { unbound: true });
    const res = await upload(unbound.token, distinctZip(), fields('x'), {
      'x-workspace-id': second.workspaceId,
    });
    // the owner is not a member of `second`
    expectError(res, 403, 'forbidden');
    const mismatch = await upload(
      unbound.token,
      distinctZip(),
      fields('x', { workspaceId: second.workspaceId }),
      { 'x-workspace-id': owner.workspaceId },
    );
    expectError(mismatch, 403, 'workspace_mismatch');
  });

  it("uploading into another workspace's project with my own workspaceId → 404 not_found", async () => {
    const mine = await withRelease();
    const theirs = await withRelease();
    const zip = distinctZip();
    const res = await upload(mine.owner.token, zip, mine.fields('intrude', { projectId: theirs.project.id }));
    expectError(res, 404, 'not_found');
    expect(res.text).not.toContain(theirs.project.id);
    expect(await releaseRows(theirs.project.id)).toHaveLength(1);
    expect(await blobCount(zip)).toBe(0);
  });

  it("another workspace's release: 404 on GET, DELETE, source and copy; the list of its project is 404; nothing leaks or changes", async () => {
    const mine = await withRelease();
    const theirs = await withRelease();
    const t = mine.owner.token;
    const responses = [
      await api(`/api/v1/functions/${theirs.functionId}`, { token: t }),
      await api(`/api/v1/functions/${theirs.functionId}/source`, { token: t }),
      await api(`/api/v1/functions/${theirs.functionId}`, { method: 'DELETE', token: t }),
      await api(`/api/v1/functions/${theirs.functionId}/copy`, {
        method: 'POST',
        token: t,
        body: { targetProjectId: mine.project.id },
      }),
      await api(`/api/v1/functions?projectId=${theirs.project.id}`, { token: t }),
      await api(`/api/v1/functions?projectId=${theirs.project.id}&name=private`, { token: t }),
    ];
    const missing = await api('/api/v1/functions/fn_01J00000000000000000000000', { token: t });
    for (const res of responses) {
      expectError(res, 404, 'not_found');
      expect(res.text).not.toContain('top secret');
      expect(res.text).not.toContain(theirs.functionId);
      expect(res.text).not.toContain(theirs.project.id);
    }
    expect(responses[0].body.error).toBe(missing.body.error);
    const still = await api(`/api/v1/functions/${theirs.functionId}`, { token: theirs.owner.token });
    expect(still.body.data.state).toBe('active');
    expect(await releaseRows(mine.project.id)).toHaveLength(1);
  });

  it("copy of my release into another workspace's project → 404 not_found, nothing written there", async () => {
    const mine = await withRelease();
    const theirs = await withRelease();
    const res = await api(`/api/v1/functions/${mine.functionId}/copy`, {
      method: 'POST',
      token: mine.owner.token,
      body: { targetProjectId: theirs.project.id },
    });
    expectError(res, 404, 'not_found');
    expect(await releaseRows(theirs.project.id)).toHaveLength(1);
    expect(await workspaceReleaseCount(theirs.owner.workspaceId)).toBe(1);
  });
});

describe('functions: nothing leaks in error bodies', () => {
  it('hostile ids, names and metadata produce plain error bodies: no stack, no SQL, no token', async () => {
    const { owner, project, functionId, fields } = await withRelease();
    const t = owner.token;
    const hostile = [
      "'; drop table function_releases; --",
      '\u0000',
      '../../etc/passwd',
      'a'.repeat(3000),
      'é\u{1F680}',
    ];
    const results: ApiResponse[] = [];
    for (const raw of [...hostile.map(encodeURIComponent), '%00', '..%2F..%2Fetc']) {
      results.push(await api(`/api/v1/functions/${raw}`, { token: t }));
      results.push(await api(`/api/v1/functions/${raw}/source`, { token: t }));
      results.push(await api(`/api/v1/functions/${raw}`, { method: 'DELETE', token: t }));
      results.push(await api(`/api/v1/functions?projectId=${raw}`, { token: t }));
      results.push(await api(`/api/v1/functions?projectId=${project.id}&cursor=${raw}`, { token: t }));
    }
    for (const value of hostile) {
      results.push(
        await api(`/api/v1/functions/${functionId}/copy`, {
          method: 'POST',
          token: t,
          body: { targetProjectId: value },
        }),
      );
    }
    for (const projectId of ["' or 1=1 --", 'p\u0000x', 'x'.repeat(5000)]) {
      results.push(await upload(t, distinctZip(), fields('h', { projectId })));
    }
    results.push(await upload(t, distinctZip(), fields('h', { schema: '{"$ref":"file:///etc/passwd"}' })));
    results.push(await upload(t, distinctZip(), fields('h', { workspaceId: "' or 1=1 --" })));
    // a malformed percent-encoding in the path is refused before Next decodes it (test/security/malformed-paths)
    const malformed = await api('/api/v1/functions/%E0%A4%A', { token: t });
    expectError(malformed, 400, 'invalid_request');
    expectOpaque(malformed, [t]);
    for (const res of results) {
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status, res.text).toBeLessThan(500);
      expect(typeof res.body.code).toBe('string');
      expectOpaque(res, [t]);
    }
    const rows = await releaseRows(project.id);
    expect(rows).toHaveLength(1);
  });

  it('the upload response and the release record never carry the bundle bytes, blob ids or the creator key', async () => {
    const { owner, project, fields } = await withRelease();
    const res = await upload(owner.token, distinctZip(), fields('plain'));
    expect(Object.keys(res.body).sort()).toEqual(['created', 'taskId', 'versionTag']);
    const [row] = (await releaseRows(project.id)).filter((r) => r.id === res.body.taskId);
    for (const r of [
      await api(`/api/v1/functions/${res.body.taskId}`, { token: owner.token }),
      await api(`/api/v1/functions?projectId=${project.id}`, { token: owner.token }),
    ]) {
      expect(r.text).not.toContain(row.blob_id);
      expect(r.text).not.toContain(owner.token);
      expect(r.text).not.toContain(owner.keyId);
      expect(r.text).not.toContain('__tickworkTask');
    }
  });
});
