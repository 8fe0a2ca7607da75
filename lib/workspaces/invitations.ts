import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { MemberRole } from '@/db/enums';
import { invitations, memberships, users, workspaces } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import { type Actor, consoleActor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { newId } from '@/lib/ids';
import type { Invitee } from './invitee';
import { lockWorkspace } from './members';
import { assertMayManage } from './roles';

/** How long an invitation waits for the invitee's sign-in. */
const INVITATION_TTL_DAYS = 14;

const pending = () =>
  and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, new Date()));

type Change = { workspaceId: string; actor: Actor; actorRole: MemberRole };

/** Invites an address with a role; it joins on its next sign-in. Refused for members and pending invitees. */
export async function inviteMember(db: DbOrTx, change: Change & { invitee: Invitee; role: MemberRole }) {
  const { invitee, role } = change;
  assertMayManage(change.actorRole, { to: role });
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, change.workspaceId);
    const [member] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, change.workspaceId), eq(users.address, invitee.address)));
    if (member) throw apiError('already_member', `This address is already a ${member.role} here.`);
    const sameAddress = and(
      eq(invitations.workspaceId, change.workspaceId),
      eq(invitations.address, invitee.address),
    );
    const [open] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(sameAddress, pending()));
    if (open) throw apiError('already_invited', 'This address already has a pending invitation.');
    // An expired invitation no longer counts: it makes room for the new one.
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(sameAddress, isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
    const [row] = await tx
      .insert(invitations)
      .values({
        id: newId('invitation'),
        workspaceId: change.workspaceId,
        address: invitee.address,
        ensName: invitee.ensName,
        role,
        invitedBy: change.actor.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
      })
      .returning();
    await recordAudit(tx, {
      workspaceId: change.workspaceId,
      actor: change.actor,
      action: 'member.invited',
      target: { type: 'invitation', id: row.id },
      details: { address: invitee.address, ensName: invitee.ensName, role },
    });
    return row;
  });
}

/** The invitations still waiting for their invitee, oldest first. */
export async function listInvitations(db: DbOrTx, workspaceId: string) {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.workspaceId, workspaceId), pending()))
    .orderBy(asc(invitations.id));
}

/** Withdraws a pending invitation (only owners withdraw an owner's invitation). */
export async function revokeInvitation(db: DbOrTx, change: Change & { invitationId: string }) {
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, change.workspaceId);
    const [row] = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.id, change.invitationId),
          eq(invitations.workspaceId, change.workspaceId),
          pending(),
        ),
      );
    if (!row) throw apiError('not_found', 'This invitation does not exist or is no longer pending.');
    assertMayManage(change.actorRole, { to: row.role });
    await tx.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, row.id));
    await recordAudit(tx, {
      workspaceId: change.workspaceId,
      actor: change.actor,
      action: 'invitation.revoked',
      target: { type: 'invitation', id: row.id },
      details: { address: row.address, role: row.role },
    });
  });
}

type SignedInUser = { id: string; address: string | null; name: string | null };

/**
 * Accepts every pending invitation of the user's address (run at each sign-in): the user joins with the
 * invited role. A workspace deleted since is skipped; a membership that already exists is kept as it is.
 */
export async function acceptInvitations(db: DbOrTx, user: SignedInUser): Promise<number> {
  if (!user.address) return 0;
  const open = await db
    .select({ id: invitations.id, workspaceId: invitations.workspaceId, role: invitations.role })
    .from(invitations)
    .innerJoin(workspaces, and(eq(workspaces.id, invitations.workspaceId), isNull(workspaces.deletedAt)))
    .where(and(eq(invitations.address, user.address), pending()));
  let joined = 0;
  for (const invitation of open) {
    await db.transaction(async (tx) => {
      const [taken] = await tx
        .update(invitations)
        .set({ acceptedAt: new Date() })
        .where(and(eq(invitations.id, invitation.id), pending()))
        .returning({ id: invitations.id });
      if (!taken) return;
      const added = await tx
        .insert(memberships)
        .values({ workspaceId: invitation.workspaceId, userId: user.id, role: invitation.role })
        .onConflictDoNothing()
        .returning({ role: memberships.role });
      if (added.length > 0) joined++;
      await recordAudit(tx, {
        workspaceId: invitation.workspaceId,
        actor: consoleActor(user),
        action: 'invitation.accepted',
        target: { type: 'invitation', id: invitation.id },
        details: { role: invitation.role },
      });
    });
  }
  return joined;
}
