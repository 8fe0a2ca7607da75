import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { projectOwned } from './projects';
import { id, timestamps, tstz } from './util';

/** Write-only project secrets: the value is AES-256-GCM envelope-encrypted (see lib/crypto). */
export const secrets = pgTable(
  'secrets',
  {
    id: id(),
    ...projectOwned(),
    name: text('name').notNull(),
    ciphertext: text('ciphertext').notNull(),
    /** Bumped on every rotation. */
    version: integer('version').notNull().default(1),
    rotatedAt: tstz('rotated_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('secrets_project_name_key').on(t.projectId, t.name),
    index('secrets_project_idx').on(t.projectId, t.id),
  ],
);
