import { index, pgEnum, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './util';

export const planEnum = pgEnum('plan', ['free', 'pro', 'enterprise']);
export const roleEnum = pgEnum('member_role', ['owner', 'admin', 'member']);

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
    ...timestamps,
  },
  (t) => [uniqueIndex('workspaces_slug_key').on(t.slug)],
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
