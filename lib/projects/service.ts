import { type AnyColumn, and, count, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { prepared } from '@/db/prepared';
import { executables, functionReleases, profiles, projects, secrets, webhooks } from '@/db/schema';
import { apiError, notFound } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { newId } from '@/lib/ids';
import { discardSandbox } from '@/lib/runtime/runners/discard';
import type { CreateProjectInput, ProjectRecord, UpdateProjectInput } from './schemas';

type ProjectRow = typeof projects.$inferSelect;

export const toProject = (p: ProjectRow): ProjectRecord => ({
  id: p.id,
  name: p.name,
  slug: p.slug,
  description: p.description,
  environment: p.environment,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export async function listProjects(db: DbOrTx, workspaceId: string) {
  const query = prepared(db, 'list_projects_live', () =>
    db
      .select()
      .from(projects)
      .where(and(eq(projects.workspaceId, sql.placeholder('workspaceId')), isNull(projects.deletedAt)))
      .orderBy(desc(projects.id))
      .prepare('list_projects_live'),
  );
  const rows = await query.execute({ workspaceId });
  return rows.map(toProject);
}

/** Where a project row is addressed: this id, this workspace, not deleted. */
const live = (workspaceId: string, projectId: string) =>
  and(eq(projects.id, projectId), eq(projects.workspaceId, workspaceId), isNull(projects.deletedAt));

/** Rows of a project-scoped table whose project is not deleted (by-id reads of functions, profiles, …). */
export const inLiveProject = (projectId: AnyColumn): SQL =>
  sql`exists (select 1 from ${projects} where ${projects.id} = ${projectId} and ${projects.deletedAt} is null)`;

/**
 * The project row when it belongs to the workspace and is not deleted; 404 otherwise (never reveals other
 * workspaces). `lock` takes a share lock, so a concurrent deletion waits for the caller's transaction or the
 * caller sees the project deleted.
 */
export async function requireProject(
  db: DbOrTx,
  workspaceId: string,
  projectId: string,
  opts: { lock?: boolean } = {},
): Promise<ProjectRow> {
  const query = db.select().from(projects).where(live(workspaceId, projectId));
  const [project] = await (opts.lock ? query.for('share') : query);
  if (!project) throw notFound('project');
  return project;
}

export async function createProject(db: DbOrTx, workspaceId: string, input: CreateProjectInput) {
  const [project] = await db
    .insert(projects)
    .values({ id: newId('project'), workspaceId, ...input })
    .onConflictDoNothing({
      target: [projects.workspaceId, projects.slug],
      where: sql`deleted_at is null`,
    })
    .returning();
  if (!project) throw apiError('conflict', `a project with slug "${input.slug}" already exists`);
  return toProject(project);
}

export async function updateProject(
  db: DbOrTx,
  workspaceId: string,
  projectId: string,
  input: UpdateProjectInput,
) {
  const [project] = await db.update(projects).set(input).where(live(workspaceId, projectId)).returning();
  if (!project) throw notFound('project');
  return toProject(project);
}

/** What deleting a project takes with it (the console's confirmation names these). */
export async function projectContents(db: DbOrTx, workspaceId: string, projectId: string) {
  await requireProject(db, workspaceId, projectId);
  const counted = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [executableCount, functionCount, profileCount, secretCount, webhookCount, active] = await Promise.all(
    [
      counted(
        db
          .select({ n: count() })
          .from(executables)
          .where(and(eq(executables.projectId, projectId), ne(executables.state, 'deleted'))),
      ),
      counted(
        db
          .select({ n: count() })
          .from(functionReleases)
          .where(and(eq(functionReleases.projectId, projectId), isNull(functionReleases.deletedAt))),
      ),
      counted(db.select({ n: count() }).from(profiles).where(eq(profiles.projectId, projectId))),
      counted(db.select({ n: count() }).from(secrets).where(eq(secrets.projectId, projectId))),
      counted(
        db
          .select({ n: count() })
          .from(webhooks)
          .innerJoin(executables, eq(executables.id, webhooks.executableId))
          .where(
            and(
              eq(executables.projectId, projectId),
              ne(executables.state, 'deleted'),
              eq(webhooks.state, 'active'),
            ),
          ),
      ),
      activeExecutables(db, projectId),
    ],
  );
  return {
    executables: executableCount,
    functions: functionCount,
    profiles: profileCount,
    secrets: secretCount,
    webhooks: webhookCount,
    activeExecutables: active,
  };
}

const activeExecutables = (db: DbOrTx, projectId: string) =>
  db
    .select({ id: executables.id, name: executables.name })
    .from(executables)
    .where(and(eq(executables.projectId, projectId), eq(executables.state, 'active')))
    .orderBy(executables.id);

/** The active executables of a workspace's live projects, locked until the transaction ends (workspace deletion). */
export const activeExecutablesOfWorkspace = (tx: DbOrTx, workspaceId: string) =>
  tx
    .select({ id: executables.id, name: executables.name })
    .from(executables)
    .innerJoin(projects, and(eq(projects.id, executables.projectId), isNull(projects.deletedAt)))
    .where(and(eq(executables.workspaceId, workspaceId), eq(executables.state, 'active')))
    .orderBy(executables.id)
    .for('update', { of: executables });

/**
 * Soft-deletes a project (console only, owners and admins; the management API cannot). Under a row lock on the
 * project and its executables: refused with 409 project_has_active_executables (naming them) while any executable
 * is active, and nothing is paused for the caller. Otherwise its paused, error and provisioning executables are
 * deleted (no next run: the scheduler never fires them), the active webhooks of its executables are revoked (their
 * URLs and result links answer 404 from this commit on) and the project gets `deletedAt`: every read answers 404
 * and lists omit it; its function releases, profiles and secrets stay in the database but are unreachable. On-chain
 * accounts and their funds are not touched. The slug is free for a new project.
 */
export async function deleteProject(db: DbOrTx, workspaceId: string, projectId: string, actor?: Actor) {
  const { sandboxes, ...answer } = await db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(live(workspaceId, projectId)).for('update');
    if (!project) throw notFound('project');
    await tx
      .select({ id: executables.id })
      .from(executables)
      .where(and(eq(executables.projectId, projectId), ne(executables.state, 'deleted')))
      .for('update');
    const active = await activeExecutables(tx, projectId);
    if (active.length > 0)
      throw apiError(
        'project_has_active_executables',
        `the project has ${active.length} active executable${active.length === 1 ? '' : 's'}; pause ${
          active.length === 1 ? 'it' : 'them'
        } first`,
        { executableIds: active.map((e) => e.id), executables: active },
      );
    const now = new Date();
    const deleted = await tx
      .update(executables)
      .set({ state: 'deleted', deletedAt: now, nextRunAt: null, pendingFunctionSwitch: null })
      .where(and(eq(executables.projectId, projectId), ne(executables.state, 'deleted')))
      .returning({ id: executables.id, runtime: executables.sandboxRuntime, ref: executables.sandboxRef });
    const revoked = await tx
      .update(webhooks)
      .set({ state: 'revoked', revokedAt: now, updatedAt: now })
      .where(
        and(
          eq(webhooks.workspaceId, workspaceId),
          eq(webhooks.state, 'active'),
          inArray(
            webhooks.executableId,
            tx.select({ id: executables.id }).from(executables).where(eq(executables.projectId, projectId)),
          ),
        ),
      )
      .returning({ id: webhooks.id });
    const [row] = await tx
      .update(projects)
      .set({ deletedAt: now })
      .where(eq(projects.id, projectId))
      .returning();
    if (actor) {
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: 'project.deleted',
        target: { type: 'project', id: projectId },
        details: { name: row.name, executables: deleted.length, revokedWebhooks: revoked.length },
      });
    }
    return {
      ...toProject(row),
      deletedExecutables: deleted.length,
      revokedWebhooks: revoked.length,
      sandboxes: deleted,
    };
  });
  // Once committed: the deleted executables' sandboxes are freed (Daytona's), best effort.
  await Promise.all(sandboxes.map((e) => discardSandbox(e.runtime, e.ref)));
  return answer;
}
