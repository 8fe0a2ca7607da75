import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import type { MemberRole } from '@/db/enums';
import { apiError } from '@/lib/api/errors';
import { auth } from '@/lib/auth/next-auth';
import { CONSOLE_PATH_HEADER } from '@/lib/console/path-header';
import { findUserById } from '@/lib/users/service';
import { currentSlugOf, getMembershipRole, getWorkspaceBySlug } from '@/lib/workspaces/service';

const signInPath = (callbackUrl?: string) =>
  callbackUrl ? `/signin?callbackUrl=${encodeURIComponent(callbackUrl)}` : '/signin';

/** The signed-in user (re-read from the database, so a deleted user is signed out), or null. */
export const currentConsoleUser = cache(async () => {
  const session = await auth();
  if (!session?.userId) return null;
  return (await findUserById(getDb(), session.userId)) ?? null;
});

/** The signed-in user; redirects to the sign-in page (coming back to `callbackUrl`) otherwise. */
export async function requireConsoleUser(callbackUrl?: string) {
  const user = await currentConsoleUser();
  if (!user) redirect(signInPath(callbackUrl));
  return user;
}

export type WorkspaceAccess = {
  user: NonNullable<Awaited<ReturnType<typeof currentConsoleUser>>>;
  workspace: NonNullable<Awaited<ReturnType<typeof getWorkspaceBySlug>>>;
  role: MemberRole;
  canMutate: boolean;
};

/** A workspace's old slug sends the page to the same path under its current slug (members or not: 404 follows). */
async function redirectFromOldSlug(slug: string) {
  const current = await currentSlugOf(getDb(), slug);
  if (!current) return;
  const asked = (await headers()).get(CONSOLE_PATH_HEADER) ?? `/${slug}`;
  const rest = asked.startsWith(`/${slug}`) ? asked.slice(slug.length + 1) : '';
  redirect(`/${current}${rest}`);
}

const loadWorkspaceAccess = cache(async (slug: string): Promise<WorkspaceAccess> => {
  const user = await requireConsoleUser(`/${slug}`);
  const db = getDb();
  const workspace = await getWorkspaceBySlug(db, slug);
  const role = workspace
    ? await getMembershipRole(db, { workspaceId: workspace.id, userId: user.id })
    : undefined;
  if (!workspace) await redirectFromOldSlug(slug);
  // Not a member looks exactly like no such workspace.
  if (!workspace || !role) notFound();
  return { user, workspace, role, canMutate: role !== 'member' };
});

/**
 * The workspace named by the URL slug, checked against the session's membership: members may read, only
 * owners and admins may mutate. Every console page and server action goes through here; the workspace id
 * always comes from the database, never from the client.
 */
export async function requireWorkspaceAccess(
  slug: string,
  opts: { mutation?: boolean } = {},
): Promise<WorkspaceAccess> {
  const access = await loadWorkspaceAccess(slug);
  if (opts.mutation && !access.canMutate) {
    throw apiError('forbidden', 'Only owners and admins can change this workspace.');
  }
  return access;
}
