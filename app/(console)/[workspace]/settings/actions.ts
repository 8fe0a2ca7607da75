'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import { consoleActor } from '@/lib/audit/actor';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { endWorkspaceBilling } from '@/lib/billing/service';
import { runConsoleAction } from '@/lib/console/action';
import { inviteMember, revokeInvitation } from '@/lib/workspaces/invitations';
import { resolveInvitee } from '@/lib/workspaces/invitee';
import { changeMemberRole, endMembership } from '@/lib/workspaces/members';
import { changeWorkspaceSlug, deleteWorkspace, renameWorkspace } from '@/lib/workspaces/settings';

const RoleInput = z.enum(['owner', 'admin', 'member'], { message: 'Choose owner, admin or member' });
const Id = z.string().min(1).max(64);
const Invitee = z.string().trim().min(1, 'Enter a wallet address or an ENS name').max(255);

/**
 * The acting person, their role and the workspace: every settings action starts here. Reads of the role go to
 * the database on each call, so a demotion or removal takes effect on the very next action.
 */
async function acting(workspaceSlug: string) {
  const { user, workspace, role } = await requireWorkspaceAccess(workspaceSlug);
  return { workspaceId: workspace.id, actor: consoleActor(user), actorRole: role, user, workspace };
}

const refresh = (slug: string) => revalidatePath(`/${slug}`, 'layout');

export async function renameWorkspaceAction(workspaceSlug: string, name: string) {
  return runConsoleAction(async () => {
    await renameWorkspace(getDb(), { ...(await acting(workspaceSlug)), name });
    refresh(workspaceSlug);
    return null;
  });
}

/** Moves the workspace to a new slug; the form then navigates to the new URL (the old one redirects). */
export async function changeWorkspaceSlugAction(workspaceSlug: string, slug: string) {
  return runConsoleAction(async () => {
    const moved = await changeWorkspaceSlug(getDb(), { ...(await acting(workspaceSlug)), slug });
    refresh(moved.slug);
    return moved;
  });
}

/** Deletes the workspace once its name is typed back (owners only; refused while executables are active). */
export async function deleteWorkspaceAction(workspaceSlug: string, typedName: string) {
  return runConsoleAction(async () => {
    const change = await acting(workspaceSlug);
    if (typedName !== change.workspace.name) {
      throw apiError('invalid_request', 'Type the workspace’s name exactly to confirm.');
    }
    await deleteWorkspace(getDb(), change);
    return { billingEnded: await endWorkspaceBilling(getDb(), change.workspaceId) };
  });
}

export async function inviteMemberAction(workspaceSlug: string, input: { invitee: string; role: string }) {
  return runConsoleAction(async () => {
    const change = await acting(workspaceSlug);
    const role = RoleInput.parse(input.role);
    const invitee = await resolveInvitee(Invitee.parse(input.invitee));
    const invitation = await inviteMember(getDb(), { ...change, invitee, role });
    refresh(workspaceSlug);
    return { address: invitation.address, ensName: invitation.ensName, role: invitation.role };
  });
}

export async function revokeInvitationAction(workspaceSlug: string, invitationId: string) {
  return runConsoleAction(async () => {
    await revokeInvitation(getDb(), {
      ...(await acting(workspaceSlug)),
      invitationId: Id.parse(invitationId),
    });
    refresh(workspaceSlug);
    return null;
  });
}

export async function changeMemberRoleAction(workspaceSlug: string, userId: string, role: string) {
  return runConsoleAction(async () => {
    const change = await acting(workspaceSlug);
    await changeMemberRole(getDb(), { ...change, userId: Id.parse(userId), role: RoleInput.parse(role) });
    refresh(workspaceSlug);
    return null;
  });
}

export async function removeMemberAction(workspaceSlug: string, userId: string) {
  return runConsoleAction(async () => {
    const change = await acting(workspaceSlug);
    if (userId === change.user.id) throw apiError('invalid_request', 'Use “Leave workspace” to leave.');
    await endMembership(getDb(), { ...change, userId: Id.parse(userId) });
    refresh(workspaceSlug);
    return null;
  });
}

/** The signed-in person leaves the workspace (the last owner cannot). */
export async function leaveWorkspaceAction(workspaceSlug: string) {
  return runConsoleAction(async () => {
    const change = await acting(workspaceSlug);
    await endMembership(getDb(), { ...change, userId: change.user.id });
    return null;
  });
}
