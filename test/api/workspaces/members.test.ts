// Workspace members in the console: invitations accepted at sign-in, roles, removal, leaving. Only owners manage
// owners, the last owner always stays, and every change of access takes effect on the very next request (console
// and API). Every change lands in the audit log with who did it and from which credential.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWithAddress } from '@/lib/users/service';
import { expectError } from '../../support/expect';
import { type Actor, newAddress, newMember, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';

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

const slugOf = async (workspaceId: string) =>
  (await testDb().$sql`select slug from workspaces where id = ${workspaceId}`)[0].slug as string;

const roleOf = async (workspaceId: string, userId: string) =>
  (
    await testDb()
      .$sql`select role from memberships where workspace_id = ${workspaceId} and user_id = ${userId}`
  )[0]?.role as string | undefined;

const auditOf = async (workspaceId: string) =>
  testDb().$sql<
    {
      action: string;
      actor_user_id: string | null;
      credential_kind: string;
      details: Record<string, unknown>;
    }[]
  >`
    select action, actor_user_id, credential_kind, details from audit_events where workspace_id = ${workspaceId} order by id`;

/** Runs a console action as `actor`. */
const as = (actor: { userId: string }) => {
  session.userId = actor.userId;
};

/** A console action answers a refusal `{ ok: false, code }`. */
const refused = (result: { ok: boolean; code?: string }, code: string) =>
  expect(result).toMatchObject({ ok: false, code });

describe('members and invitations', () => {
  let owner: Actor;
  let slug: string;
  beforeEach(async () => {
    owner = await newWorkspace();
    slug = await slugOf(owner.workspaceId);
  });

  it('an invitation is accepted at the invitee’s next sign-in with its role, and audited', async () => {
    const { inviteMemberAction } = await actions();
    const address = newAddress();
    as(owner);
    const invited = await inviteMemberAction(slug, { invitee: address.toLowerCase(), role: 'admin' });
    expect(invited).toMatchObject({ ok: true, data: { address: address.toLowerCase(), role: 'admin' } });
    refused(await inviteMemberAction(slug, { invitee: address, role: 'member' }), 'already_invited');

    const { user } = await signInWithAddress(testDb(), address);
    expect(await roleOf(owner.workspaceId, user.id)).toBe('admin');
    refused(await inviteMemberAction(slug, { invitee: address, role: 'member' }), 'already_member');
    // a second sign-in accepts nothing twice
    await signInWithAddress(testDb(), address);

    const audit = await auditOf(owner.workspaceId);
    expect(audit.map((a) => a.action)).toEqual(['member.invited', 'invitation.accepted']);
    expect(audit[0]).toMatchObject({ actor_user_id: owner.userId, credential_kind: 'console' });
    expect(audit[0].details).toMatchObject({ address: address.toLowerCase(), role: 'admin' });
    expect(audit[1]).toMatchObject({ actor_user_id: user.id, credential_kind: 'console' });
  });

  it('refuses bad invitees, unknown roles and ENS names without a configured resolver, writing nothing', async () => {
    const { inviteMemberAction } = await actions();
    as(owner);
    refused(await inviteMemberAction(slug, { invitee: 'not an address', role: 'member' }), 'invalid_invitee');
    refused(await inviteMemberAction(slug, { invitee: 'vitalik.eth', role: 'member' }), 'ens_unavailable');
    expect(await inviteMemberAction(slug, { invitee: newAddress(), role: 'superuser' })).toMatchObject({
      ok: false,
      field: undefined,
    });
    const rows = await testDb().$sql`select 1 from invitations where workspace_id = ${owner.workspaceId}`;
    expect(rows.length).toBe(0);
  });

  it('a revoked or expired invitation is not accepted', async () => {
    const { inviteMemberAction, revokeInvitationAction } = await actions();
    as(owner);
    const revokedAddress = newAddress();
    await inviteMemberAction(slug, { invitee: revokedAddress, role: 'member' });
    const [inv] = await testDb()
      .$sql`select id from invitations where address = ${revokedAddress.toLowerCase()}`;
    expect(await revokeInvitationAction(slug, inv.id)).toMatchObject({ ok: true });
    const expiredAddress = newAddress();
    await inviteMemberAction(slug, { invitee: expiredAddress, role: 'member' });
    await testDb()
      .$sql`update invitations set expires_at = now() - interval '1 second' where address = ${expiredAddress.toLowerCase()}`;

    for (const address of [revokedAddress, expiredAddress]) {
      const { user } = await signInWithAddress(testDb(), address);
      expect(await roleOf(owner.workspaceId, user.id)).toBeUndefined();
    }
    // an expired invitation makes room for a new one
    expect(await inviteMemberAction(slug, { invitee: expiredAddress, role: 'member' })).toMatchObject({
      ok: true,
    });
  });

  it('only owners manage owners; members manage nobody', async () => {
    const { changeMemberRoleAction, inviteMemberAction, removeMemberAction } = await actions();
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const member = await newMember(owner.workspaceId, { role: 'member' });

    as(admin);
    refused(await inviteMemberAction(slug, { invitee: newAddress(), role: 'owner' }), 'forbidden');
    refused(await changeMemberRoleAction(slug, owner.userId, 'member'), 'forbidden');
    refused(await removeMemberAction(slug, owner.userId), 'forbidden');
    refused(await changeMemberRoleAction(slug, member.userId, 'owner'), 'forbidden');
    expect(await changeMemberRoleAction(slug, member.userId, 'admin')).toMatchObject({ ok: true });
    expect(await roleOf(owner.workspaceId, member.userId)).toBe('admin');

    as(member); // now an admin
    expect(await changeMemberRoleAction(slug, member.userId, 'member')).toMatchObject({ ok: true });
    refused(await inviteMemberAction(slug, { invitee: newAddress(), role: 'member' }), 'forbidden');
    refused(await changeMemberRoleAction(slug, admin.userId, 'member'), 'forbidden');
    refused(await removeMemberAction(slug, admin.userId), 'forbidden');
    expect(await roleOf(owner.workspaceId, owner.userId)).toBe('owner');
    expect(await roleOf(owner.workspaceId, admin.userId)).toBe('admin');
  });

  it('the last owner cannot leave, be demoted or be removed; with a second owner they can', async () => {
    const { changeMemberRoleAction, leaveWorkspaceAction, removeMemberAction } = await actions();
    as(owner);
    refused(await leaveWorkspaceAction(slug), 'last_owner');
    refused(await changeMemberRoleAction(slug, owner.userId, 'admin'), 'last_owner');
    expect(await roleOf(owner.workspaceId, owner.userId)).toBe('owner');

    const second = await newMember(owner.workspaceId, { role: 'admin' });
    expect(await changeMemberRoleAction(slug, second.userId, 'owner')).toMatchObject({ ok: true });
    as(second);
    expect(await removeMemberAction(slug, owner.userId)).toMatchObject({ ok: true });
    refused(await leaveWorkspaceAction(slug), 'last_owner');
    expect(await roleOf(owner.workspaceId, second.userId)).toBe('owner');
  });

  it('two owners demoting each other at once leave one owner', async () => {
    const second = await newMember(owner.workspaceId, { role: 'owner' });
    const { changeMemberRole } = await import('@/lib/workspaces/members');
    const { consoleActor } = await import('@/lib/audit/actor');
    const actor = (userId: string) => consoleActor({ id: userId, address: null, name: null });
    const results = await Promise.allSettled([
      changeMemberRole(testDb(), {
        workspaceId: owner.workspaceId,
        actor: actor(owner.userId),
        actorRole: 'owner',
        userId: second.userId,
        role: 'admin',
      }),
      changeMemberRole(testDb(), {
        workspaceId: owner.workspaceId,
        actor: actor(second.userId),
        actorRole: 'owner',
        userId: owner.userId,
        role: 'admin',
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const owners = await testDb()
      .$sql`select 1 from memberships where workspace_id = ${owner.workspaceId} and role = 'owner'`;
    expect(owners.length).toBe(1);
  });

  it('a demotion ends API mutations at once; a removal ends reads and revokes the keys bound here', async () => {
    const { changeMemberRoleAction, removeMemberAction } = await actions();
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const create = (name: string) =>
      api('/api/v1/projects', { method: 'POST', token: admin.token, body: { name, slug: name } });
    expect((await create('before-demotion')).status).toBe(201);

    as(owner);
    expect(await changeMemberRoleAction(slug, admin.userId, 'member')).toMatchObject({ ok: true });
    expectError(await create('after-demotion'), 403, 'forbidden');
    expect((await api('/api/v1/projects', { token: admin.token })).status).toBe(200);

    as(admin); // the console refuses the demoted member's mutations too
    const { renameWorkspaceAction } = await actions();
    refused(await renameWorkspaceAction(slug, 'Taken over'), 'forbidden');

    as(owner);
    expect(await removeMemberAction(slug, admin.userId)).toMatchObject({ ok: true });
    expectError(await api('/api/v1/projects', { token: admin.token }), 401, 'unauthorized');
    const [key] = await testDb().$sql`select revoked_at from api_keys where id = ${admin.keyId}`;
    expect(key.revoked_at).not.toBeNull();
    as(admin);
    await expect(renameWorkspaceAction(slug, 'Taken over')).rejects.toThrow();

    const actionsLogged = (await auditOf(owner.workspaceId)).map((a) => a.action);
    expect(actionsLogged).toEqual(['member.role_changed', 'member.removed']);
  });

  it('a person of another workspace reaches nothing here (the workspace reads as not found)', async () => {
    const { changeMemberRoleAction, inviteMemberAction, leaveWorkspaceAction } = await actions();
    const stranger = await newWorkspace();
    as(stranger);
    await expect(inviteMemberAction(slug, { invitee: newAddress(), role: 'owner' })).rejects.toThrow();
    await expect(changeMemberRoleAction(slug, owner.userId, 'member')).rejects.toThrow();
    await expect(leaveWorkspaceAction(slug)).rejects.toThrow();
    expect(await roleOf(owner.workspaceId, owner.userId)).toBe('owner');
    expect(await auditOf(owner.workspaceId)).toEqual([]);
  });
});
