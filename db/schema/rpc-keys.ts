import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts';
import { id, timestamps, tstz } from './util';

/**
 * RPC gateway keys: a workspace's credential for `{rpc_url}` (discovery `apikey` header, execution URL path).
 * Distinct from management keys: they reach the gateway only. Only the SHA-256 of the token is stored.
 */
export const rpcApiKeys = pgTable(
  'rpc_api_keys',
  {
    id: id(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** First characters of the token, shown in the console to tell keys apart. */
    tokenPrefix: text('token_prefix').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('rpc_api_keys_token_hash_key').on(t.tokenHash),
    index('rpc_api_keys_workspace_idx').on(t.workspaceId, t.id),
  ],
);
