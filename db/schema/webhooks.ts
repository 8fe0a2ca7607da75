import { index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { WEBHOOK_STATES } from '../enums';
import { executables } from './executables';
import { workspaceOwned } from './ownership';
import { id, timestamps, tstz } from './util';

export const webhookStateEnum = pgEnum('webhook_state', WEBHOOK_STATES);

/** Named secret URLs that start an executable; only the SHA-256 of the 256-bit secret is stored. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    ...workspaceOwned(),
    executableId: text('executable_id')
      .notNull()
      .references(() => executables.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    state: webhookStateEnum('state').notNull().default('active'),
    rotatedAt: tstz('rotated_at'),
    revokedAt: tstz('revoked_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('webhooks_secret_hash_key').on(t.secretHash),
    index('webhooks_executable_idx').on(t.executableId, t.id),
  ],
);
