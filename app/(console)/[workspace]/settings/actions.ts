'use server';

import { z } from 'zod';
import { getDb } from '@/db/client';
import { MEMBER_ROLES } from '@/db/enums';
import { apiError } from '@/lib/api/errors';
import { endWorkspaceBilling } from '@/lib/billing/service';
import { type ActionContext, consoleAction } from '@/lib/console/workspace-action';
import { inviteMember, revokeInvitation } from '@/lib/workspaces/invitations';
import { resolveInvitee } from '@/lib/workspaces/invitee';
import { changeMemberRole, endMembership } from '@/lib/workspaces/members';
import { changeWorkspaceSlug, deleteWorkspace, renameWorkspace } from '@/lib/workspaces/settings';

const RoleInput = z.enum(MEMBER_ROLES, { message: 'Choose owner, admin or member' });
const Id = z.string().min(1).max(64);
const Invitee = z.string().trim().min(1, 'Enter a wallet address or an ENS name').max(255);

/**
 * The acting person, their role and the workspace, as the settings services take them: every member may call
 * these actions, and the services check the role. It is read from the database on each call, so a demotion or
 * removal takes effect on the very next action.
 */
const acting = ({ user, workspace, role, actor }: ActionContext) => ({
  workspaceId: workspace.id,
  actor,
  actorRole: role,
  user,
  workspace,
});

/** Every page of the workspace, after a change to it. */
const refresh = (slug: string) => ({ allow: 'members', revalidate: `/${slug}`, layout: true }) as const;

export async function renameWorkspaceAction(workspaceSlug: string, name: string) {
  return consoleAction(workspaceSlug, refresh(workspaceSlug), async (context) => {
    await renameWorkspace(getDb(), { ...acting(context), name });
    return null;
  });
}

/** Moves the workspace to a new slug; the form then navigates to the new URL (the old one redirects). */
export async function changeWorkspaceSlugAction(workspaceSlug: string, slug: string) {
  const options = { ...refresh(workspaceSlug), revalidate: (moved: { slug: string }) => `/${moved.slug}` };
  return consoleAction(workspaceSlug, options, async (context) =>
    changeWorkspaceSlug(getDb(), { ...acting(context), slug }),
  );
}

/** Deletes the workspace once its name is typed back (owners only; refused while executables are active). */
export async function deleteWorkspaceAction(workspaceSlug: string, typedName: string) {
  return consoleAction(workspaceSlug, { allow: 'members' }, async (context) => {
    const change = acting(context);
    if (typedName !== change.workspace.name) {
      throw apiError('invalid_request', 'Type the workspace’s name exactly to confirm.');
    }
    await deleteWorkspace(getDb(), change);
    return { billingEnded: await endWorkspaceBilling(getDb(), change.workspaceId) };
  });
}

export async function inviteMemberAction(workspaceSlug: string, input: { invitee: string; role: string }) {
  return consoleAction(workspaceSlug, refresh(workspaceSlug), async (context) => {
    const change = acting(context);
    const role = RoleInput.parse(input.role);
    const invitee = await resolveInvitee(Invitee.parse(input.invitee));
    const invitation = await inviteMember(getDb(), { ...change, invitee, role });
    return { address: invitation.address, ensName: invitation.ensName, role: invitation.role };
  });
}

export async function revokeInvitationAction(workspaceSlug: string, invitationId: string) {
  return consoleAction(workspaceSlug, refresh(workspaceSlug), async (context) => {
    await revokeInvitation(getDb(), { ...acting(context), invitationId: Id.parse(invitationId) });
    return null;
  });
}

export async function changeMemberRoleAction(workspaceSlug: string, userId: string, role: string) {
  return consoleAction(workspaceSlug, refresh(workspaceSlug), async (context) => {
    const change = acting(context);
    await changeMemberRole(getDb(), { ...change, userId: Id.parse(userId), role: RoleInput.parse(role) });
    return null;
  });
}

export async function removeMemberAction(workspaceSlug: string, userId: string) {
  return consoleAction(workspaceSlug, refresh(workspaceSlug), async (context) => {
    const change = acting(context);
    if (userId === change.user.id) throw apiError('invalid_request', 'Use “Leave workspace” to leave.');
    await endMembership(getDb(), { ...change, userId: Id.parse(userId) });
    return null;
  });
}

/** The signed-in person leaves the workspace (the last owner cannot). */
export async function leaveWorkspaceAction(workspaceSlug: string) {
  return consoleAction(workspaceSlug, { allow: 'members' }, async (context) => {
    const change = acting(context);
    await endMembership(getDb(), { ...change, userId: change.user.id });
    return null;
  });
}
