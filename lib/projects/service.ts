import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { prepared } from '@/db/prepared';
import { projects } from '@/db/schema';
import { ApiError, notFound } from '@/lib/api/errors';
import { newId } from '@/lib/ids';
import type { CreateProjectInput, UpdateProjectInput } from './schemas';

type ProjectRow = typeof projects.$inferSelect;

export const toProject = (p: ProjectRow) => ({
  id: p.id,
  name: p.name,
  slug: p.slug,
  description: p.description,
  environment: p.environment,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export async function listProjects(db: DbOrTx, workspaceId: string) {
  const query = prepared(db, 'list_projects', () =>
    db
      .select()
      .from(projects)
      .where(eq(projects.workspaceId, sql.placeholder('workspaceId')))
      .orderBy(desc(projects.id))
      .prepare('list_projects'),
  );
  const rows = await query.execute({ workspaceId });
  return rows.map(toProject);
}

/** The project row when it belongs to the workspace; 404 otherwise (never reveals other workspaces). */
export async function requireProject(
  db: DbOrTx,
  workspaceId: string,
  projectId: string,
): Promise<ProjectRow> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.workspaceId, workspaceId)));
  if (!project) throw notFound('project');
  return project;
}

export async function createProject(db: DbOrTx, workspaceId: string, input: CreateProjectInput) {
  const [project] = await db
    .insert(projects)
    .values({ id: newId('project'), workspaceId, ...input })
    .onConflictDoNothing({ target: [projects.workspaceId, projects.slug] })
    .returning();
  if (!project) throw new ApiError(409, 'conflict', `a project with slug "${input.slug}" already exists`);
  return toProject(project);
}

export async function updateProject(
  db: DbOrTx,
  workspaceId: string,
  projectId: string,
  input: UpdateProjectInput,
) {
  const [project] = await db
    .update(projects)
    .set(input)
    .where(and(eq(projects.id, projectId), eq(projects.workspaceId, workspaceId)))
    .returning();
  if (!project) throw notFound('project');
  return toProject(project);
}
