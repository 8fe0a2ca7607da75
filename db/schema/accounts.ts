import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MEMBER_ROLES, PLAN_IDS } from '../enums';
import { id, timestamps, tstz } from './util';

export const planEnum = pgEnum('plan', PLAN_IDS);
export const roleEnum = pgEnum('member_role', MEMBER_ROLES);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Lower-case 0x address of the wallet that signs in with SIWE. */
    address: text('address'),
    githubId: text('github_id'),
    name: text('name'),
    email: text('email'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_address_key').on(t.address), uniqueIndex('users_github_id_key').on(t.githubId)],
);

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    plan: planEnum('plan').notNull().default('free'),
    /** Soft delete by an owner: every lookup treats the workspace as gone; its slug stays taken. */
    deletedAt: tstz('deleted_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('workspaces_slug_key').on(t.slug)],
);

/** A slug a workspace used before: console URLs under it redirect to the current slug; nobody else may take it. */
export const workspaceSlugRedirects = pgTable(
  'workspace_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('workspace_slug_redirects_workspace_idx').on(t.workspaceId)],
);

export const memberships = pgTable(
  'memberships',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

/**
 * An invitation of a wallet address into a workspace with a role; accepted on the invitee's next sign-in.
 * `ensName` keeps the name it was resolved from, for display.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-case 0x address of the invitee. */
    address: text('address').notNull(),
    ensName: text('ens_name'),
    role: roleEnum('role').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: tstz('accepted_at'),
    revokedAt: tstz('revoked_at'),
    expiresAt: tstz('expires_at').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invitations_pending_key')
      .on(t.workspaceId, t.address)
      .where(sql`accepted_at is null and revoked_at is null`),
    index('invitations_address_idx').on(t.address),
  ],
);
