// API keys in the console (owners and admins create; anyone revokes their own): keys are bound to the workspace,
// carry the scopes chosen (checked on every route) and an expiry (refused on the very next request once passed);
// revoking ends access at once; create and revoke are audited without the token; no /api/v1 route manages keys.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeys } from '@/db/schema';
import { OPERATIONS } from '@/lib/api/openapi/registry';
import { listApiKeys } from '@/lib/auth/api-keys';
import { READ_ONLY_SCOPES } from '@/lib/auth/scope-presets';
import { SCOPES } from '@/lib/auth/scopes';
import { setMembership } from '@/lib/workspaces/service';
import { expectError } from '../../support/expect';
import { type Actor, newMember, newWorkspace, testDb, uniq } from '../../support/fixtures';
import { api } from '../../support/http';

// The console actions run as the user of this session, on the test database.
const session: { userId?: string } = {};
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => session }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});

const actions = () => import('@/app/(console)/[workspace]/api-keys/actions');

const slugOf = async (workspaceId: string) => {
  const [row] = await testDb().$sql`select slug from workspaces where id = ${workspaceId}`;
  return row.slug as string;
};

const keyRow = async (id: string) => {
  const [row] = await testDb().select().from(apiKeys).where(eq(apiKeys.id, id));
  return row;
};

const keyIdOf = async (token: string) => {
  const [row] = await testDb().$sql`select id from api_keys where token_prefix = ${token.slice(0, 10)}`;
  return row.id as string;
};

const auditRows = async (workspaceId: string, keyId: string) =>
  testDb().$sql`
    select action, actor_user_id, credential_kind, details from audit_events
    where workspace_id = ${workspaceId} and target_type = 'api_key' and target_id = ${keyId} order by id`;

/** Creates a key through the console action as `actor`; returns the token and the key id. */
async function createKey(actor: Actor, slug: string, input: Record<string, unknown>) {
  session.userId = actor.userId;
  const result = await (await actions()).createApiKeyAction(slug, { name: `key ${uniq()}`, ...input });
  if (!result.ok) throw new Error(`create failed: ${result.error}`);
  return { token: result.data.token, keyId: await keyIdOf(result.data.token) };
}

describe('API keys in the console', () => {
  let owner: Actor;
  let slug: string;
  beforeAll(async () => {
    owner = await newWorkspace();
    slug = await slugOf(owner.workspaceId);
  });

  it('a projects:read key is bound to the workspace: it reads projects, and a write is 403 insufficient_scope', async () => {
    const { token, keyId } = await createKey(owner, slug, { scopes: ['projects:read'], expiry: '30d' });
    const row = await keyRow(keyId);
    expect(row.workspaceId).toBe(owner.workspaceId);
    expect(row.scopes).toEqual(['projects:read']);
    const days = ((row.expiresAt?.getTime() ?? 0) - row.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    expect((await api('/api/v1/projects', { token })).status).toBe(200);
    const write = await api('/api/v1/projects', {
      method: 'POST',
      token,
      body: { name: 'No', slug: `n-${uniq()}` },
    });
    expectError(write, 403, 'insufficient_scope');
    expect(write.body.requiredScope).toBe('projects:write');
    expectError(await api('/api/v1/chains', { token }), 403, 'insufficient_scope');

    // bound: it cannot act in another workspace, even one its owner belongs to
    const other = await newWorkspace();
    await setMembership(testDb(), { workspaceId: other.workspaceId, userId: owner.userId, role: 'admin' });
    const elsewhere = await api('/api/v1/projects', {
      token,
      headers: { 'x-workspace-id': other.workspaceId },
    });
    expectError(elsewhere, 403, 'workspace_mismatch');
  });

  it('presets: "Read only" is every *:read scope, "Full access" every scope; "never" leaves no expiry', async () => {
    const read = await createKey(owner, slug, { scopes: [...READ_ONLY_SCOPES], expiry: 'never' });
    const readRow = await keyRow(read.keyId);
    expect([...readRow.scopes].sort()).toEqual(SCOPES.filter((s) => s.endsWith(':read')).sort());
    expect(readRow.scopes).not.toContain('functions:source');
    expect(readRow.expiresAt).toBeNull();
    expect((await api('/api/v1/chains', { token: read.token })).status).toBe(200);

    const full = await createKey(owner, slug, { scopes: [...SCOPES], expiry: '1y' });
    expect([...(await keyRow(full.keyId)).scopes].sort()).toEqual([...SCOPES].sort());
    const created = await api('/api/v1/projects', {
      method: 'POST',
      token: full.token,
      body: { name: 'Full', slug: `f-${uniq()}` },
    });
    expect(created.status, created.text).toBe(201);
  });

  it('a key whose expiry has passed is refused with 401 on the very next request', async () => {
    const { token, keyId } = await createKey(owner, slug, { scopes: ['projects:read'], expiry: '7d' });
    expect((await api('/api/v1/projects', { token })).status).toBe(200);
    await testDb().$sql`update api_keys set expires_at = now() - interval '1 second' where id = ${keyId}`;
    expectError(await api('/api/v1/projects', { token }), 401, 'unauthorized');
  });

  it('last used is recorded after a request', async () => {
    const { token, keyId } = await createKey(owner, slug, { scopes: ['projects:read'], expiry: '90d' });
    expect((await keyRow(keyId)).lastUsedAt).toBeNull();
    expect((await api('/api/v1/projects', { token })).status).toBe(200);
    // resolvePrincipal writes it without awaiting: poll the row
    let lastUsed: Date | null = null;
    for (let i = 0; i < 50 && !lastUsed; i++) {
      lastUsed = (await keyRow(keyId)).lastUsedAt;
      if (!lastUsed) await new Promise((r) => setTimeout(r, 100));
    }
    expect(lastUsed).toBeInstanceOf(Date);
  });

  it('revoking ends access at once; create and revoke are audited with no token', async () => {
    const name = `deploy ${uniq()}`;
    const { token, keyId } = await createKey(owner, slug, { name, scopes: ['projects:read'], expiry: '90d' });
    expect((await api('/api/v1/projects', { token })).status).toBe(200);

    session.userId = owner.userId;
    expect(await (await actions()).revokeApiKeyAction(slug, keyId)).toEqual({ ok: true, data: null });
    expectError(await api('/api/v1/projects', { token }), 401, 'unauthorized');
    expect((await keyRow(keyId)).revokedAt).toBeInstanceOf(Date);
    // a second revoke is a clear refusal
    expect(await (await actions()).revokeApiKeyAction(slug, keyId)).toMatchObject({
      ok: false,
      code: 'not_found',
    });

    const rows = await auditRows(owner.workspaceId, keyId);
    expect(rows.map((r) => r.action)).toEqual(['api_key.created', 'api_key.revoked']);
    const row = await keyRow(keyId);
    expect(rows[0].details).toEqual({
      name,
      prefix: token.slice(0, 10),
      scopes: ['projects:read'],
      expiresAt: row.expiresAt?.toISOString(),
    });
    expect(rows[1].details).toEqual({ name, prefix: token.slice(0, 10) });
    for (const r of rows) {
      expect([r.actor_user_id, r.credential_kind]).toEqual([owner.userId, 'console']);
      expect(JSON.stringify(r)).not.toContain(token);
      expect(JSON.stringify(r)).not.toContain(row.tokenHash);
    }
  });

  it('bad input is refused with a clear message and creates no key', async () => {
    const { createApiKeyAction } = await actions();
    session.userId = owner.userId;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ scopes: [], expiry: '30d' }, /at least one scope/i],
      [{ scopes: ['projects:read', 'keys:write'], expiry: '30d' }, /unknown scope "keys:write"/i],
      [{ scopes: ['projects:read'], expiry: '2y' }, /when the key expires/i],
      [{ scopes: ['projects:read'] }, /when the key expires/i],
      [{ scopes: 'projects:read', expiry: '30d' }, /./],
      [{ name: '   ', scopes: ['projects:read'], expiry: '30d' }, /give the key a name/i],
    ];
    for (const [input, message] of cases) {
      const name = `bad ${uniq()}`;
      const result = await createApiKeyAction(slug, { name, ...input });
      expect(result.ok, JSON.stringify(input)).toBe(false);
      if (!result.ok) expect(result.error).toMatch(message);
      const rows = await testDb().$sql`select id from api_keys where name = ${name} or name = ''`;
      expect(rows).toEqual([]);
    }
  });

  it('members: cannot create keys, see only their own, cannot revoke another’s, revoke their own', async () => {
    const { createApiKeyAction, revokeApiKeyAction } = await actions();
    const member = await newMember(owner.workspaceId, { role: 'member' });
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const adminKey = await createKey(admin, slug, { scopes: ['projects:read'], expiry: '30d' });

    session.userId = member.userId;
    const before = await testDb()
      .$sql`select count(*)::int as n from api_keys where user_id = ${member.userId}`;
    expect(
      await createApiKeyAction(slug, { name: 'mine', scopes: ['projects:read'], expiry: '30d' }),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    const after = await testDb()
      .$sql`select count(*)::int as n from api_keys where user_id = ${member.userId}`;
    expect(after[0].n).toBe(before[0].n);

    const seen = await listApiKeys(testDb(), {
      workspaceId: owner.workspaceId,
      userId: member.userId,
      canManageWorkspaceKeys: false,
    });
    expect(seen.map((k) => k.id)).toEqual([member.keyId]);
    const seenByOwner = await listApiKeys(testDb(), {
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      canManageWorkspaceKeys: true,
    });
    expect(seenByOwner.map((k) => k.id)).toEqual(
      expect.arrayContaining([member.keyId, adminKey.keyId, owner.keyId]),
    );

    expect(await revokeApiKeyAction(slug, adminKey.keyId)).toMatchObject({ ok: false, code: 'not_found' });
    expect((await api('/api/v1/projects', { token: adminKey.token })).status).toBe(200);
    expect(await auditRows(owner.workspaceId, adminKey.keyId)).toHaveLength(1);

    expect(await revokeApiKeyAction(slug, member.keyId)).toEqual({ ok: true, data: null });
    expectError(await api('/api/v1/projects', { token: member.token }), 401, 'unauthorized');
  });

  it('an admin revokes a key of the workspace; nobody revokes a key of another workspace from here', async () => {
    const { revokeApiKeyAction } = await actions();
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const theirs = await newWorkspace();

    session.userId = admin.userId;
    expect(await revokeApiKeyAction(slug, theirs.keyId)).toMatchObject({ ok: false, code: 'not_found' });
    expect((await api('/api/v1/projects', { token: theirs.token })).status).toBe(200);

    expect(await revokeApiKeyAction(slug, owner.keyId)).toEqual({ ok: true, data: null });
    expectError(await api('/api/v1/projects', { token: owner.token }), 401, 'unauthorized');
    const [revoked] = await auditRows(owner.workspaceId, owner.keyId);
    expect([revoked.action, revoked.actor_user_id]).toEqual(['api_key.revoked', admin.userId]);
  });

  it('the management API has no route that creates, lists or revokes keys', async () => {
    expect(OPERATIONS.filter((op) => /key/i.test(op.path))).toEqual([]);
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    for (const path of ['/api/v1/api-keys', '/api/v1/keys', '/api/v1/tokens']) {
      expectError(await api(path, { token: admin.token }), 404, 'not_found');
      const post = await api(path, { method: 'POST', token: admin.token, body: { name: 'x' } });
      expectError(post, 404, 'not_found');
    }
    const del = await api(`/api/v1/api-keys/${admin.keyId}`, { method: 'DELETE', token: admin.token });
    expectError(del, 404, 'not_found');
    expect((await api('/api/v1/projects', { token: admin.token })).status).toBe(200);
  });
});
