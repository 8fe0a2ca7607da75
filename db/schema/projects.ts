import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PROJECT_ENVIRONMENTS } from '../enums';
import { workspaceOwned } from './ownership';
import { id, timestamps, tstz } from './util';

export const environmentEnum = pgEnum('project_environment', PROJECT_ENVIRONMENTS);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    ...workspaceOwned(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    environment: environmentEnum('environment').notNull().default('production'),
    /** Soft delete (console only): every read treats the project as not found; its slug is free again. */
    deletedAt: tstz('deleted_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('projects_workspace_slug_key').on(t.workspaceId, t.slug).where(sql`deleted_at is null`),
    index('projects_workspace_idx').on(t.workspaceId, t.id),
  ],
);

/** Workspace and project of a project-scoped row. */
export const projectOwned = () => ({
  ...workspaceOwned(),
  projectId: text('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
});
