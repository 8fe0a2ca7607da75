// Workspace settings in the console: name, URL slug (old slugs redirect and stay the workspace's), deletion by an
// owner (refused while an executable is active; then every credential and URL stops at once), and the audit log
// with its plan retention.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleActor } from '@/lib/audit/actor';
import { listAuditEvents, recordAudit } from '@/lib/audit/log';
import { runMaintenance } from '@/lib/jobs/maintenance';
import { currentSlugOf, getWorkspaceBySlug, listUserWorkspaces } from '@/lib/workspaces/service';
import { exeAction, exeRow } from '../../support/executables';
import { expectError } from '../../support/expect';
import { newAddress, newKey, newMember, newWorkspace, testDb, uniq } from '../../support/fixtures';
import { api } from '../../support/http';
import { type RunWorld, runnableExe, runWorld } from '../../support/runs';
import { createWebhook, secretOf, webhookRow } from '../../support/webhooks';

const session: { userId?: string } = {};
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => session }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});

const actions = () => import('@/app/(console)/[workspace]/settings/actions');
const TASK = 'export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };\n';

const workspaceRow = async (workspaceId: string) =>
  (await testDb().$sql`select name, slug, deleted_at from workspaces where id = ${workspaceId}`)[0];

describe('workspace name and URL', () => {
  it('owners and admins rename and move the workspace; the old slug redirects and stays theirs', async () => {
    const { changeWorkspaceSlugAction, renameWorkspaceAction } = await actions();
    const owner = await newWorkspace();
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const member = await newMember(owner.workspaceId, { role: 'member' });
    const first = (await workspaceRow(owner.workspaceId)).slug;

    session.userId = member.userId;
    expect(await renameWorkspaceAction(first, 'Nope')).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await changeWorkspaceSlugAction(first, `nope-${uniq()}`)).toMatchObject({
      ok: false,
      code: 'forbidden',
    });

    session.userId = admin.userId;
    expect(await renameWorkspaceAction(first, '  Acme Ops  ')).toMatchObject({ ok: true });
    expect(await renameWorkspaceAction(first, '')).toMatchObject({ ok: false, field: undefined });
    const second = `acme-${uniq()}`;
    expect(await changeWorkspaceSlugAction(first, second.toUpperCase())).toEqual({
      ok: true,
      data: { slug: second },
    });
    expect(await workspaceRow(owner.workspaceId)).toMatchObject({ name: 'Acme Ops', slug: second });
    expect(await currentSlugOf(testDb(), first)).toBe(second);
    expect(await getWorkspaceBySlug(testDb(), first)).toBeUndefined();

    // bad and reserved slugs, another workspace's slug and another workspace's old slug are refused
    const other = await newWorkspace();
    const otherSlug = (await workspaceRow(other.workspaceId)).slug;
    for (const bad of ['-x-', 'ab', 'settings', 'a'.repeat(49), 'white space'])
      expect(await changeWorkspaceSlugAction(second, bad)).toMatchObject({ ok: false });
    expect(await changeWorkspaceSlugAction(second, otherSlug)).toMatchObject({
      ok: false,
      code: 'slug_taken',
    });
    session.userId = other.userId;
    expect(await changeWorkspaceSlugAction(otherSlug, first)).toMatchObject({
      ok: false,
      code: 'slug_taken',
    });

    // the workspace may move back to its own old slug
    session.userId = owner.userId;
    expect(await changeWorkspaceSlugAction(second, first)).toMatchObject({ ok: true });
    expect(await currentSlugOf(testDb(), second)).toBe(first);
    expect(await currentSlugOf(testDb(), first)).toBeUndefined();

    const { events } = await listAuditEvents(testDb(), { workspaceId: owner.workspaceId, plan: 'free' });
    expect(events.map((e) => [e.action, e.details])).toEqual([
      ['workspace.slug_changed', { from: second, to: first }],
      ['workspace.slug_changed', { from: first, to: second }],
      ['workspace.renamed', { from: expect.any(String), to: 'Acme Ops' }],
    ]);
  });
});

describe('workspace deletion', () => {
  let w: RunWorld;
  beforeAll(async () => {
    w = await runWorld();
  }, 60_000);

  it('is for owners, refused while an executable is active, then ends every credential and URL at once', async () => {
    const { deleteWorkspaceAction, inviteMemberAction } = await actions();
    const slug = (await workspaceRow(w.workspaceId)).slug;
    const exe = await runnableExe(w, TASK);
    const hook = await createWebhook(w.token, exe.id, { name: 'deploy' });
    expect(hook.status).toBe(201);
    const hookPath = `/api/hooks/${secretOf(hook.body.data.url)}`;
    const admin = await newMember(w.workspaceId, { role: 'admin' });
    const unbound = await newKey(admin, { unbound: true });
    const headers = { 'x-workspace-id': w.workspaceId };
    session.userId = w.userId;
    await inviteMemberAction(slug, { invitee: newAddress(), role: 'member' });

    session.userId = admin.userId;
    expect(await deleteWorkspaceAction(slug, (await workspaceRow(w.workspaceId)).name)).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    session.userId = w.userId;
    expect(await deleteWorkspaceAction(slug, 'not the name')).toMatchObject({
      ok: false,
      code: 'invalid_request',
    });
    const name = (await workspaceRow(w.workspaceId)).name;
    expect(await deleteWorkspaceAction(slug, name)).toMatchObject({
      ok: false,
      code: 'workspace_has_active_executables',
      details: { executableIds: [exe.id] },
    });
    expect((await workspaceRow(w.workspaceId)).deleted_at).toBeNull();
    expect((await exeRow(exe.id)).state).toBe('active');
    expect((await webhookRow(hook.body.data.id))?.state).toBe('active');

    expect((await exeAction(w.token, exe.id, 'pause')).status).toBe(200);
    expect(await deleteWorkspaceAction(slug, name)).toEqual({ ok: true, data: { billingEnded: true } });

    expect((await workspaceRow(w.workspaceId)).deleted_at).not.toBeNull();
    expectError(await api('/api/v1/projects', { token: w.token }), 401, 'unauthorized');
    expectError(await api('/api/v1/projects', { token: admin.token }), 401, 'unauthorized');
    expectError(await api('/api/v1/projects', { token: unbound.token, headers }), 403, 'forbidden');
    expect((await api(hookPath, { method: 'POST' })).status).toBe(404);
    expect((await exeRow(exe.id)).state).toBe('deleted');
    expect(await getWorkspaceBySlug(testDb(), slug)).toBeUndefined();
    expect((await listUserWorkspaces(testDb(), w.userId)).map((x) => x.id)).not.toContain(w.workspaceId);
    const pending = await testDb().$sql`
      select 1 from invitations where workspace_id = ${w.workspaceId} and revoked_at is null`;
    expect(pending.length).toBe(0);
    const [audit] = await testDb().$sql`
      select actor_user_id from audit_events where workspace_id = ${w.workspaceId} and action = 'workspace.deleted'`;
    expect(audit.actor_user_id).toBe(w.userId);
    // the console now reads it as not found, even for its owner
    await expect(deleteWorkspaceAction(slug, name)).rejects.toThrow();
  }, 90_000);
});

describe('audit log', () => {
  it('lists newest first within the plan’s retention and purges what is older on the next write', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const actor = consoleActor({ id: owner.userId, address: owner.address.toLowerCase(), name: null });
    const db = testDb();
    await recordAudit(db, {
      workspaceId: owner.workspaceId,
      actor,
      action: 'workspace.renamed',
      details: { to: 'A' },
    });
    await db.$sql`update audit_events set created_at = now() - interval '31 days' where workspace_id = ${owner.workspaceId}`;
    await recordAudit(db, {
      workspaceId: owner.workspaceId,
      actor,
      action: 'workspace.renamed',
      details: { to: 'B' },
    });
    const { events } = await listAuditEvents(db, { workspaceId: owner.workspaceId, plan: 'free' });
    expect(events.map((e) => e.details)).toEqual([{ to: 'B' }]);
    const kept = await db.$sql`select 1 from audit_events where workspace_id = ${owner.workspaceId}`;
    expect(kept.length).toBe(1);

    // Pro keeps 90 days
    await db.$sql`update workspaces set plan = 'pro' where id = ${owner.workspaceId}`;
    await db.$sql`update audit_events set created_at = now() - interval '60 days' where workspace_id = ${owner.workspaceId}`;
    await recordAudit(db, {
      workspaceId: owner.workspaceId,
      actor,
      action: 'workspace.renamed',
      details: { to: 'C' },
    });
    expect((await listAuditEvents(db, { workspaceId: owner.workspaceId, plan: 'pro' })).events.length).toBe(
      2,
    );
    // pages: `before` continues where the last page stopped
    const page = await listAuditEvents(db, { workspaceId: owner.workspaceId, plan: 'pro', limit: 1 });
    expect(page.events.map((e) => e.details)).toEqual([{ to: 'C' }]);
    const next = await listAuditEvents(db, {
      workspaceId: owner.workspaceId,
      plan: 'pro',
      limit: 1,
      before: page.nextBefore ?? undefined,
    });
    expect(next.events.map((e) => e.details)).toEqual([{ to: 'B' }]);
  });

  it('the maintenance job deletes every workspace’s events past its plan’s retention, and only those', async () => {
    const free = await newWorkspace({ plan: 'free' });
    const pro = await newWorkspace({ plan: 'pro' });
    const db = testDb();
    for (const w of [free, pro]) {
      const actor = consoleActor({ id: w.userId, address: w.address.toLowerCase(), name: null });
      await recordAudit(db, { workspaceId: w.workspaceId, actor, action: 'workspace.renamed' });
    }
    await db.$sql`update audit_events set created_at = now() - interval '45 days'
      where workspace_id in (${free.workspaceId}, ${pro.workspaceId})`;
    const { auditEventsPurged } = await runMaintenance(db);
    expect(auditEventsPurged).toBeGreaterThanOrEqual(1);
    const left = await db.$sql`select workspace_id from audit_events
      where workspace_id in (${free.workspaceId}, ${pro.workspaceId})`;
    expect(left.map((r) => r.workspace_id)).toEqual([pro.workspaceId]);
  });
});
