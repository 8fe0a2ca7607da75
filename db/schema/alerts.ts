import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ALERT_KINDS, CHANNEL_KINDS, CHANNEL_STATES, INCIDENT_STATES, NOTIFICATION_STATES } from '../enums';
import { executables } from './executables';
import { projectOwned } from './projects';
import { id, timestamps, tstz } from './util';

// Alerts (docs/alerts.md): rules watch executables, an incident is one firing of a rule for one executable
// (opened once, resolved once), and every message to a channel goes through the outbox, written in the same
// transaction as the change that caused it and delivered by a job with retries; each attempt is recorded.

export const channelKindEnum = pgEnum('notification_channel_kind', CHANNEL_KINDS);
export const channelStateEnum = pgEnum('notification_channel_state', CHANNEL_STATES);

/** Where a project's notifications go. Credentials (URLs with tokens, signing secrets, bot tokens) are encrypted. */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: id(),
    ...projectOwned(),
    kind: channelKindEnum('kind').notNull(),
    name: text('name').notNull(),
    /** What may be shown: e.g. the email address, the Telegram chat id, the webhook URL's origin. */
    config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
    /** Envelope-encrypted JSON of the channel's secrets (lib/crypto); never returned. */
    encryptedSecret: text('encrypted_secret'),
    state: channelStateEnum('state').notNull().default('active'),
    /** Deliveries that failed for good in a row; the channel is `failing` from a threshold on. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastDeliveredAt: tstz('last_delivered_at'),
    lastFailedAt: tstz('last_failed_at'),
    deletedAt: tstz('deleted_at'),
    ...timestamps,
  },
  (t) => [index('notification_channels_project_idx').on(t.projectId, t.id).where(sql`deleted_at is null`)],
);

export const alertKindEnum = pgEnum('alert_kind', ALERT_KINDS);

/**
 * One rule: a project default (executable_id null) or an executable's own, which replaces the default of the
 * same kind for that executable. `params` by kind: consecutive_failures {count}, dead_man {graceSeconds},
 * submitted_unknown {olderThanSeconds}, low_balance {belowWei}, plan_usage {percent: 80 | 100}.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: id(),
    ...projectOwned(),
    executableId: text('executable_id').references(() => executables.id, { onDelete: 'cascade' }),
    kind: alertKindEnum('kind').notNull(),
    params: jsonb('params').$type<Record<string, number | string>>().notNull().default({}),
    /** The channels it notifies (ids of notification_channels in the same project). */
    channelIds: jsonb('channel_ids').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('alert_rules_project_idx').on(t.projectId, t.id),
    uniqueIndex('alert_rules_scope_kind_key').on(t.projectId, t.kind, sql`coalesce(executable_id, '')`),
  ],
);

export const incidentStateEnum = pgEnum('alert_incident_state', INCIDENT_STATES);

/** One firing of a rule for one subject (an executable, a profile, the workspace's plan). At most one open. */
export const alertIncidents = pgTable(
  'alert_incidents',
  {
    id: id(),
    ...projectOwned(),
    ruleId: text('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    kind: alertKindEnum('kind').notNull(),
    /** What it is about, e.g. `exe_…`, `prf_…`, `ws_…:100`. */
    subject: text('subject').notNull(),
    state: incidentStateEnum('state').notNull().default('open'),
    /** What is shown and sent: a title and facts (execution id, error code, balance…), never secrets. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    openedAt: tstz('opened_at').notNull().defaultNow(),
    resolvedAt: tstz('resolved_at'),
  },
  (t) => [
    uniqueIndex('alert_incidents_open_key').on(t.ruleId, t.subject).where(sql`state = 'open'`),
    index('alert_incidents_project_idx').on(t.projectId, t.openedAt),
  ],
);

export const outboxStateEnum = pgEnum('notification_state', NOTIFICATION_STATES);

/** A message owed to one channel: `fired`, `resolved` (of an incident) or `test`. */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: id(),
    ...projectOwned(),
    channelId: text('channel_id')
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
    incidentId: text('incident_id').references(() => alertIncidents.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The message as rendered when the change happened (channel-neutral: title, text, facts, links). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: outboxStateEnum('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    deliveredAt: tstz('delivered_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notification_outbox_due_idx').on(t.nextAttemptAt).where(sql`state = 'pending'`),
    index('notification_outbox_channel_idx').on(t.channelId, t.id),
  ],
);

/** Each delivery attempt: how it went, the receiver's status code and how long it took. */
export const notificationAttempts = pgTable(
  'notification_attempts',
  {
    id: id(),
    outboxId: text('outbox_id')
      .notNull()
      .references(() => notificationOutbox.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    ok: boolean('ok').notNull(),
    responseCode: integer('response_code'),
    latencyMs: integer('latency_ms').notNull(),
    /** Why it failed, without the receiver's body or any credential. */
    error: text('error'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('notification_attempts_outbox_idx').on(t.outboxId, t.attempt)],
);
