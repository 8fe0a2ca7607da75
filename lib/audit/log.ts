import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { PlanId } from '@/db/enums';
import { auditEvents } from '@/db/schema';
import { newId } from '@/lib/ids';
import type { AuditAction } from './actions';
import type { Actor } from './actor';
import { AUDIT_RETENTION_DAYS, auditRetentionStart } from './retention';

export type AuditEventInput = {
  workspaceId: string;
  actor: Actor;
  action: AuditAction;
  target?: { type: string; id: string };
  /** Non-secret facts only (names, roles, old and new values of plain settings): never a key, token or value. */
  details?: Record<string, unknown>;
};

/** Appends an event. Pass the transaction of the change it records, so the two land (or fail) together. */
export async function recordAudit(db: DbOrTx, event: AuditEventInput): Promise<void> {
  await db.insert(auditEvents).values({
    id: newId('auditEvent'),
    workspaceId: event.workspaceId,
    actorUserId: event.actor.userId,
    actorLabel: event.actor.label,
    credentialKind: event.actor.credentialKind,
    credentialId: event.actor.credentialId ?? null,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    details: event.details ?? {},
  });
  await purgeExpiredAudit(db, event.workspaceId);
}

/**
 * Runs `change` and records the event it answers in one transaction, so the change and its audit row land (or
 * fail) together. For a service whose change is a single statement; one that opens its own transaction calls
 * `recordAudit` inside it.
 */
export async function auditedChange<T>(
  db: DbOrTx,
  change: (tx: DbOrTx) => Promise<T>,
  event: (result: T) => AuditEventInput,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    await recordAudit(tx, event(result));
    return result;
  });
}

/** A page of a workspace's audit log, newest first, within the plan's retention; `before` is the last id seen. */
export async function listAuditEvents(
  db: DbOrTx,
  opts: { workspaceId: string; plan: PlanId; before?: string; limit?: number },
) {
  const limit = Math.min(opts.limit ?? 50, 200);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.workspaceId, opts.workspaceId),
        gte(auditEvents.createdAt, auditRetentionStart(opts.plan)),
        opts.before ? lt(auditEvents.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1);
  return { events: rows.slice(0, limit), nextBefore: rows.length > limit ? rows[limit - 1].id : null };
}

/** `case plan when 'free' then 30 … end`: each plan's retention in days, for SQL. */
const retentionDays = (plan: ReturnType<typeof sql>) =>
  sql`(case ${plan}::text ${sql.join(
    Object.entries(AUDIT_RETENTION_DAYS).map(([id, days]) => sql`when ${id} then ${days}`),
    sql` `,
  )} end)::int`;

/**
 * Deletes a workspace's events older than its plan keeps them. Runs after each write (cheap on the index);
 * `sweepExpiredAudit` does the same for every workspace periodically.
 */
async function purgeExpiredAudit(db: DbOrTx, workspaceId: string) {
  await db.execute(sql`
    delete from audit_events a using workspaces w
    where a.workspace_id = ${workspaceId} and w.id = a.workspace_id
      and a.created_at < now() - make_interval(days => ${retentionDays(sql`w.plan`)})`);
}

/** Deletes every workspace's events past its plan's retention (the hourly maintenance job); returns how many. */
export async function sweepExpiredAudit(db: DbOrTx): Promise<number> {
  const rows = await db.execute(sql`
    delete from audit_events a using workspaces w
    where w.id = a.workspace_id and a.created_at < now() - make_interval(days => ${retentionDays(sql`w.plan`)})
    returning a.id`);
  return rows.length;
}
