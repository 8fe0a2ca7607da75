import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { MemberRole, PlanId } from '@/db/enums';
import { memberships, workspaceSlugRedirects, workspaces } from '@/db/schema';
import { newId } from '@/lib/ids';
import { slugify, withRandomSuffix } from '@/lib/slug';

/** Console paths beside `/[workspace]`: a workspace may not take their names. */
export const RESERVED_SLUGS = new Set([
  'signin',
  'cli',
  'api',
  'auth',
  'new',
  'settings',
  'login',
  'logout',
  'safe',
  'rpc',
  'metrics',
  'status',
]);

export type CreateWorkspaceInput = { name: string; plan?: PlanId; ownerUserId?: string };

/** Creates a workspace with a globally unique slug derived from its name, and its owner membership. */
export async function createWorkspace(db: DbOrTx, input: CreateWorkspaceInput) {
  const base = slugify(input.name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 && !RESERVED_SLUGS.has(base) ? base : withRandomSuffix(base);
    if (await slugRedirects(db, slug)) continue;
    const [workspace] = await db
      .insert(workspaces)
      .values({ id: newId('workspace'), name: input.name, slug, plan: input.plan ?? 'free' })
      .onConflictDoNothing()
      .returning();
    if (!workspace) continue;
    if (input.ownerUserId)
      await setMembership(db, { workspaceId: workspace.id, userId: input.ownerUserId, role: 'owner' });
    return workspace;
  }
  throw new Error('could not find a free workspace slug');
}

export async function getWorkspace(db: DbOrTx, workspaceId: string) {
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  return workspace;
}

/** Whether a workspace used `slug` before (it stays theirs: nobody else may take it). */
const slugRedirects = async (db: DbOrTx, slug: string) =>
  (await db.select().from(workspaceSlugRedirects).where(eq(workspaceSlugRedirects.slug, slug))).length > 0;

/** The live workspace of a slug (a deleted workspace is not found). */
export async function getWorkspaceBySlug(db: DbOrTx, slug: string) {
  const [workspace] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.slug, slug), isNull(workspaces.deletedAt)));
  return workspace;
}

/** The current slug of the live workspace that used `slug` before, if any (console URLs redirect there). */
export async function currentSlugOf(db: DbOrTx, oldSlug: string) {
  const [row] = await db
    .select({ slug: workspaces.slug })
    .from(workspaceSlugRedirects)
    .innerJoin(workspaces, eq(workspaces.id, workspaceSlugRedirects.workspaceId))
    .where(and(eq(workspaceSlugRedirects.slug, oldSlug), isNull(workspaces.deletedAt)));
  return row?.slug;
}

/** The role of a user in a workspace, or undefined when they are not a member. */
export async function getMembershipRole(db: DbOrTx, input: { workspaceId: string; userId: string }) {
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, input.workspaceId), eq(memberships.userId, input.userId)));
  return membership?.role;
}

/** Adds a member or changes their role. */
export async function setMembership(
  db: DbOrTx,
  input: { workspaceId: string; userId: string; role: MemberRole },
) {
  await db
    .insert(memberships)
    .values(input)
    .onConflictDoUpdate({ target: [memberships.workspaceId, memberships.userId], set: { role: input.role } });
}

export async function removeMembership(db: DbOrTx, input: { workspaceId: string; userId: string }) {
  await db
    .delete(memberships)
    .where(and(eq(memberships.workspaceId, input.workspaceId), eq(memberships.userId, input.userId)));
}

/** The workspaces a user belongs to, with their role, oldest first (the personal workspace leads). */
export async function listUserWorkspaces(db: DbOrTx, userId: string) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      slug: workspaces.slug,
      plan: workspaces.plan,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), isNull(workspaces.deletedAt)))
    .orderBy(asc(workspaces.id));
}
