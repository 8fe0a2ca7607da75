import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { profiles, projects, safeTransactions, workspaces } from '@/db/schema';

/**
 * Who asks a Safe's owners to sign (the public signing page says it): the workspace, project and profile the
 * transaction was prepared for, and where in the console it came from. Null for an unknown id.
 */
export async function safeTransactionAsker(db: DbOrTx, id: string) {
  const [asker] = await db
    .select({
      workspace: { name: workspaces.name, slug: workspaces.slug },
      project: { id: projects.id, name: projects.name },
      profile: { id: profiles.id, name: profiles.name },
    })
    .from(safeTransactions)
    .innerJoin(workspaces, eq(workspaces.id, safeTransactions.workspaceId))
    .innerJoin(projects, eq(projects.id, safeTransactions.projectId))
    .innerJoin(profiles, eq(profiles.id, safeTransactions.profileId))
    .where(eq(safeTransactions.id, id));
  if (!asker) return null;
  return { ...asker, consoleUrl: `/${asker.workspace.slug}/projects/${asker.project.id}/profiles` };
}

export type SafeTransactionAsker = NonNullable<Awaited<ReturnType<typeof safeTransactionAsker>>>;
