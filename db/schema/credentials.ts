import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CLI_LOGIN_STATUSES, IDEMPOTENCY_STATES } from '../enums';
import { users, workspaces } from './accounts';
import { id, timestamps, tstz } from './util';

/**
 * Management API keys. `workspaceId` set = bound (management-login consent); null = legacy unbound key that
 * acts for its user in whichever workspace `X-Workspace-Id` names. Only the SHA-256 of the token is stored.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** First characters of the token, shown in the console to tell keys apart. */
    tokenPrefix: text('token_prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    lastUsedAt: tstz('last_used_at'),
    expiresAt: tstz('expires_at'),
    revokedAt: tstz('revoked_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_key').on(t.tokenHash),
    index('api_keys_user_idx').on(t.userId, t.id),
    index('api_keys_workspace_idx').on(t.workspaceId, t.id),
  ],
);

export const cliLoginStatusEnum = pgEnum('cli_login_status', CLI_LOGIN_STATUSES);

/** Device-code style management login: the CLI polls with the device code, a person approves the user code. */
export const cliLogins = pgTable(
  'cli_logins',
  {
    id: id(),
    deviceCodeHash: text('device_code_hash').notNull(),
    userCode: text('user_code').notNull(),
    clientName: text('client_name').notNull(),
    status: cliLoginStatusEnum('status').notNull().default('pending'),
    workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    approvedBy: text('approved_by').references(() => users.id, { onDelete: 'cascade' }),
    apiKeyId: text('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    lastPolledAt: tstz('last_polled_at'),
    expiresAt: tstz('expires_at').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cli_logins_device_code_key').on(t.deviceCodeHash),
    uniqueIndex('cli_logins_user_code_pending_key').on(t.userCode).where(sql`status = 'pending'`),
    /** The audit log asks, per management mutation, whether the acting key came from a CLI login. */
    index('cli_logins_api_key_idx').on(t.apiKeyId),
  ],
);

/**
 * Sign-In with Ethereum nonces the server issued and not yet used: a sign-in deletes its nonce in the statement
 * that checks it, so a signed message signs in once. Rows past `expiresAt` are swept by maintenance.
 */
export const siweNonces = pgTable('siwe_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: tstz('expires_at').notNull(),
});

export const idempotencyStateEnum = pgEnum('idempotency_state', IDEMPOTENCY_STATES);

/** Management idempotency records, kept 24 h, one per (credential, workspace, key). */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    credentialId: text('credential_id').notNull(),
    workspaceId: text('workspace_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: idempotencyStateEnum('state').notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_records_key').on(t.credentialId, t.workspaceId, t.key),
    index('idempotency_records_expires_idx').on(t.expiresAt),
  ],
);
