import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@/db/client';
import type { MemberRole } from '@/db/enums';
import { apiKeys, memberships, users, workspaces } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { assertMayManage, lastOwner } from './roles';

/** The people of a workspace with their role, owners first, then by when they joined. */
export async function listMembers(db: DbOrTx, workspaceId: string) {
  const rows = await db
    .select({
      userId: users.id,
      address: users.address,
      name: users.name,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(memberships.createdAt));
  const rank: Record<MemberRole, number> = { owner: 0, admin: 1, member: 2 };
  return rows.sort((a, b) => rank[a.role] - rank[b.role]);
}

/**
 * Serializes administration of one workspace: every change of people takes the workspace row's lock first,
 * so two owners demoting each other at once cannot leave it without an owner.
 */
export async function lockWorkspace(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select({ id: workspaces.id, plan: workspaces.plan })
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deletedAt)))
    .for('update');
  if (!row) throw apiError('not_found', 'workspace not found');
  return row;
}

async function roleOf(tx: Tx, workspaceId: string, userId: string) {
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  if (!row) throw apiError('not_found', 'This person is not a member of the workspace.');
  return row.role;
}

async function ownerCount(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'owner')));
  return row.n;
}

type Change = { workspaceId: string; actor: Actor; actorRole: MemberRole };

/** Changes a member's role; the last owner keeps theirs. */
export async function changeMemberRole(db: DbOrTx, change: Change & { userId: string; role: MemberRole }) {
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, change.workspaceId);
    const from = await roleOf(tx, change.workspaceId, change.userId);
    assertMayManage(change.actorRole, { from, to: change.role });
    if (from === change.role) return { changed: false };
    if (from === 'owner' && (await ownerCount(tx, change.workspaceId)) <= 1) throw lastOwner();
    await tx
      .update(memberships)
      .set({ role: change.role })
      .where(and(eq(memberships.workspaceId, change.workspaceId), eq(memberships.userId, change.userId)));
    await recordAudit(tx, {
      workspaceId: change.workspaceId,
      actor: change.actor,
      action: 'member.role_changed',
      target: { type: 'user', id: change.userId },
      details: { from, to: change.role },
    });
    return { changed: true };
  });
}

/**
 * Ends a membership (removed by an owner or admin, or left by the member): access ends on the next request,
 * and the keys the person had bound to this workspace are revoked.
 */
export async function endMembership(db: DbOrTx, change: Change & { userId: string }) {
  const leaving = change.actor.userId === change.userId;
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, change.workspaceId);
    const role = await roleOf(tx, change.workspaceId, change.userId);
    if (!leaving) assertMayManage(change.actorRole, { from: role });
    if (role === 'owner' && (await ownerCount(tx, change.workspaceId)) <= 1) throw lastOwner();
    await tx
      .delete(memberships)
      .where(and(eq(memberships.workspaceId, change.workspaceId), eq(memberships.userId, change.userId)));
    await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(apiKeys.workspaceId, change.workspaceId),
          eq(apiKeys.userId, change.userId),
          isNull(apiKeys.revokedAt),
        ),
      );
    await recordAudit(tx, {
      workspaceId: change.workspaceId,
      actor: change.actor,
      action: leaving ? 'member.left' : 'member.removed',
      target: { type: 'user', id: change.userId },
      details: { role },
    });
  });
}
