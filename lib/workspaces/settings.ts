import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import type { MemberRole } from '@/db/enums';
import { apiKeys, invitations, projects, workspaceSlugRedirects, workspaces } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { activeExecutablesOfWorkspace, deleteProject } from '@/lib/projects/service';
import { SLUG_PATTERN } from '@/lib/slug';
import { lockWorkspace } from './members';
import { RESERVED_SLUGS } from './service';

const WorkspaceName = z.string().trim().min(1, 'Give the workspace a name').max(64, 'At most 64 characters');
const WorkspaceSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'At least 3 characters')
  .max(48, 'At most 48 characters')
  .regex(SLUG_PATTERN, 'Lower-case letters, digits and dashes; no dash at either end')
  .refine((slug) => !RESERVED_SLUGS.has(slug), 'This name is reserved by the console');

type Change = { workspaceId: string; actor: Actor; actorRole: MemberRole };

const assertAdmin = (role: MemberRole) => {
  if (role === 'member') throw apiError('forbidden', 'Only owners and admins can change this workspace.');
};

/** Renames the workspace (owners and admins). */
export async function renameWorkspace(db: DbOrTx, change: Change & { name: string }) {
  assertAdmin(change.actorRole);
  const name = WorkspaceName.parse(change.name);
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, change.workspaceId);
    const [before] = await tx
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, change.workspaceId));
    if (before.name === name) return;
    await tx.update(workspaces).set({ name }).where(eq(workspaces.id, change.workspaceId));
    await recordAudit(tx, {
      workspaceId: change.workspaceId,
      actor: change.actor,
      action: 'workspace.renamed',
      details: { from: before.name, to: name },
    });
  });
}

/**
 * Moves the workspace to a new slug (owners and admins). The old slug keeps redirecting console URLs here and
 * stays this workspace's: nobody else can take it, and the workspace may move back to it.
 */
export async function changeWorkspaceSlug(db: DbOrTx, change: Change & { slug: string }) {
  assertAdmin(change.actorRole);
  const slug = WorkspaceSlug.parse(change.slug);
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, change.workspaceId);
    const [before] = await tx
      .select({ slug: workspaces.slug })
      .from(workspaces)
      .where(eq(workspaces.id, change.workspaceId));
    if (before.slug === slug) return { slug };
    const [redirect] = await tx
      .select({ workspaceId: workspaceSlugRedirects.workspaceId })
      .from(workspaceSlugRedirects)
      .where(eq(workspaceSlugRedirects.slug, slug));
    const [holder] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, slug));
    if (holder || (redirect && redirect.workspaceId !== change.workspaceId)) {
      throw apiError('slug_taken', `The URL “${slug}” is taken: choose another.`);
    }
    await tx.delete(workspaceSlugRedirects).where(eq(workspaceSlugRedirects.slug, slug));
    await tx.insert(workspaceSlugRedirects).values({ slug: before.slug, workspaceId: change.workspaceId });
    await tx.update(workspaces).set({ slug }).where(eq(workspaces.id, change.workspaceId));
    await recordAudit(tx, {
      workspaceId: change.workspaceId,
      actor: change.actor,
      action: 'workspace.slug_changed',
      details: { from: before.slug, to: slug },
    });
    return { slug };
  });
}

/**
 * Deletes the workspace (owners only), refused while any executable is active. Every project goes the way
 * of project deletion (executables deleted, webhook URLs revoked), every API key bound to it and every
 * pending invitation is revoked, and the workspace is soft-deleted: it reads as not found everywhere at once.
 */
export async function deleteWorkspace(db: DbOrTx, change: Change) {
  if (change.actorRole !== 'owner') throw apiError('forbidden', 'Only owners can delete the workspace.');
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, change.workspaceId);
    const active = await activeExecutablesOfWorkspace(tx, change.workspaceId);
    if (active.length > 0) {
      throw apiError(
        'workspace_has_active_executables',
        `the workspace has ${active.length} active executable${active.length === 1 ? '' : 's'}; pause ${
          active.length === 1 ? 'it' : 'them'
        } first`,
        { executableIds: active.map((e) => e.id), executables: active },
      );
    }
    const live = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.workspaceId, change.workspaceId), isNull(projects.deletedAt)));
    for (const project of live) await deleteProject(tx, change.workspaceId, project.id);
    const now = new Date();
    const keys = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.workspaceId, change.workspaceId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(invitations.workspaceId, change.workspaceId),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      );
    await tx.update(workspaces).set({ deletedAt: now }).where(eq(workspaces.id, change.workspaceId));
    await recordAudit(tx, {
      workspaceId: change.workspaceId,
      actor: change.actor,
      action: 'workspace.deleted',
      details: { projects: live.length, revokedApiKeys: keys.length },
    });
  });
}
