import { sql } from 'drizzle-orm';
import { bigint, customType, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { projectOwned } from './projects';
import { id, timestamps, tstz } from './util';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Content-addressed bundle bytes (the Postgres blob store; other stores keep only the row). */
export const blobs = pgTable(
  'blobs',
  {
    id: id(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    bytes: bytea('bytes'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blobs_sha256_key').on(t.sha256)],
);

/** Immutable function releases, identified by (projectId, name, versionTag); deletion is soft. */
export const functionReleases = pgTable(
  'function_releases',
  {
    id: id(),
    ...projectOwned(),
    name: text('name').notNull(),
    versionTag: text('version_tag').notNull(),
    checksum: text('checksum').notNull(),
    blobId: text('blob_id')
      .notNull()
      .references(() => blobs.id),
    /** JSON Schema of the task args, as uploaded (JSON text). */
    argsSchema: text('args_schema'),
    definedCallbacks: jsonb('defined_callbacks').$type<string[]>().notNull().default([]),
    /** Parsed permissions.json of the bundle: { calls: [{ to, functions }] }. */
    permissions: jsonb('permissions').$type<{ calls: { to: string; functions: string[] }[] } | null>(),
    /** Run limits the release asks for (e.g. from a Gelato schema.json), within the platform's; null = defaults. */
    limits: jsonb('limits').$type<{ timeoutMs?: number; memoryMb?: number } | null>(),
    /** Args an executable of this release starts with when created without args (e.g. Gelato userArgs.json). */
    defaultArgs: text('default_args'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: tstz('deleted_at'),
    ...timestamps,
  },
  (t) => [
    /** A tag is reserved forever, deleted or not. */
    uniqueIndex('function_releases_tag_key').on(t.projectId, t.name, t.versionTag),
    index('function_releases_project_idx').on(t.projectId, t.id).where(sql`deleted_at is null`),
    index('function_releases_workspace_created_idx').on(t.workspaceId, t.createdAt),
  ],
);
