import { index, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { CREDENTIAL_KINDS } from '../enums';
import { users } from './accounts';
import { workspaceOwned } from './ownership';
import { id, tstz } from './util';

/**
 * How the actor was signed in: a console session, a management API key, the key a CLI login issued, or the operator
 * CLI on the database.
 */
export const credentialKindEnum = pgEnum('credential_kind', CREDENTIAL_KINDS);

/**
 * The audit log of administrative actions: who (user), what (action, target), when, from which credential.
 * Append-only; rows older than the workspace plan's retention are never shown and are purged.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    ...workspaceOwned(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's address or name at the time (kept when the user is gone). */
    actorLabel: text('actor_label').notNull(),
    credentialKind: credentialKindEnum('credential_kind').notNull(),
    /** The API key's id when the actor used one. */
    credentialId: text('credential_id'),
    /** Dotted verb, e.g. `member.invited`, `workspace.renamed`, `project.deleted`. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** Non-secret facts about the change (old/new role, names); never keys, tokens or values. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_events_workspace_idx').on(t.workspaceId, t.id)],
);
