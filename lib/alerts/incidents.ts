import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { AlertKind, IncidentState } from '@/db/enums';
import {
  alertIncidents,
  alertRules,
  notificationChannels,
  notificationOutbox,
  workspaces,
} from '@/db/schema';
import { newId } from '@/lib/ids';
import { log } from '@/lib/log';
import { requireProject } from '@/lib/projects/service';
import { kickDelivery } from './delivery';
import { type AlertMessage, enqueueNotification } from './outbox';
import type { AlertIncidentRecord } from './schemas';

// Incidents: one firing of a rule for one subject, opened once and resolved once (docs/alerts.md#incidents).
// The partial unique index `alert_incidents_open_key` (rule, subject) where open is the dedup: a second
// opening while one is open inserts nothing and so notifies nobody; resolving updates only open rows, so a
// second resolution finds nothing. Either writes its outbox rows in the caller's transaction.

export type RuleForIncident = {
  id: string;
  workspaceId: string;
  projectId: string;
  kind: AlertKind;
  channelIds: string[];
};

/** The rule's channels that still exist (a deleted channel is skipped, not an error). */
async function liveChannels(db: DbOrTx, projectId: string, channelIds: readonly string[]) {
  if (channelIds.length === 0) return [];
  const rows = await db
    .select({ id: notificationChannels.id })
    .from(notificationChannels)
    .where(
      and(
        inArray(notificationChannels.id, [...channelIds]),
        eq(notificationChannels.projectId, projectId),
        isNull(notificationChannels.deletedAt),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Opens an incident of `rule` about `subject` and owes a `fired` message to the rule's channels, unless one is
 * open already (then nothing happens). Answers the new incident's id, or null. Both writes commit together (a
 * savepoint inside the caller's transaction, or a transaction of their own). `stillFiring`, read first in that
 * transaction, lets a check whose read may have gone stale meanwhile (a run finished and resolved the incident
 * while the check ran) open nothing.
 */
export async function openIncident(
  db: DbOrTx,
  rule: RuleForIncident,
  subject: string,
  message: AlertMessage,
  extra: Record<string, unknown> = {},
  stillFiring?: (tx: DbOrTx) => Promise<boolean>,
): Promise<string | null> {
  return db.transaction(async (tx) =>
    stillFiring && !(await stillFiring(tx)) ? null : openIn(tx, rule, subject, message, extra),
  );
}

async function openIn(
  db: DbOrTx,
  rule: RuleForIncident,
  subject: string,
  message: AlertMessage,
  extra: Record<string, unknown>,
): Promise<string | null> {
  const [incident] = await db
    .insert(alertIncidents)
    .values({
      id: newId('alertIncident'),
      workspaceId: rule.workspaceId,
      projectId: rule.projectId,
      ruleId: rule.id,
      kind: rule.kind,
      subject,
      details: { ...extra, message },
    })
    .onConflictDoNothing({
      target: [alertIncidents.ruleId, alertIncidents.subject],
      where: sql`state = 'open'`,
    })
    .returning({ id: alertIncidents.id });
  if (!incident) return null;
  await enqueueNotification(db, {
    workspaceId: rule.workspaceId,
    projectId: rule.projectId,
    channelIds: await liveChannels(db, rule.projectId, rule.channelIds),
    incidentId: incident.id,
    event: 'fired',
    message,
  });
  return incident.id;
}

/** The `resolved` message of an incident: its title and facts, and why it cleared. */
function resolvedMessage(details: Record<string, unknown>, why: string): AlertMessage {
  const fired = details.message as AlertMessage | undefined;
  return {
    title: `Resolved: ${fired?.title ?? 'alert'}`,
    text: why,
    severity: 'info',
    facts: fired?.facts ?? {},
    ...(fired?.url && { url: fired.url }),
  };
}

/**
 * Resolves the open incidents that match (by project, kinds and subject, whichever rule opened them: the rule
 * in force may have changed since) and owes each rule's channels a `resolved` message. Answers their ids.
 */
export async function resolveIncidents(
  db: DbOrTx,
  match: { projectId: string; kinds: readonly AlertKind[]; subject: string } | { ids: readonly string[] },
  why: string,
): Promise<string[]> {
  return db.transaction((tx) => resolveIn(tx, match, why));
}

async function resolveIn(
  db: DbOrTx,
  match: { projectId: string; kinds: readonly AlertKind[]; subject: string } | { ids: readonly string[] },
  why: string,
): Promise<string[]> {
  const where =
    'ids' in match
      ? match.ids.length > 0
        ? inArray(alertIncidents.id, [...match.ids])
        : sql`false`
      : and(
          eq(alertIncidents.projectId, match.projectId),
          inArray(alertIncidents.kind, [...match.kinds]),
          eq(alertIncidents.subject, match.subject),
        );
  const resolved = await db
    .update(alertIncidents)
    .set({ state: 'resolved', resolvedAt: new Date() })
    .where(and(where, eq(alertIncidents.state, 'open')))
    .returning();
  for (const incident of resolved) {
    const [rule] = await db
      .select({ channelIds: alertRules.channelIds })
      .from(alertRules)
      .where(eq(alertRules.id, incident.ruleId));
    await enqueueNotification(db, {
      workspaceId: incident.workspaceId,
      projectId: incident.projectId,
      channelIds: await liveChannels(db, incident.projectId, rule?.channelIds ?? []),
      incidentId: incident.id,
      event: 'resolved',
      message: resolvedMessage(incident.details, why),
    });
  }
  return resolved.map((i) => i.id);
}

/**
 * Called once the transaction that opened or resolved incidents has committed, with their ids: the place that
 * wakes the delivery job so the outbox rows go out now rather than at its next poll.
 */
export function afterIncidentCommit(db: DbOrTx, ids: readonly string[]): void {
  if (ids.length === 0) return;
  // Best effort: a row not kicked here is picked up by the delivery sweep a few seconds later.
  void pendingNotificationsOf(db, ids)
    .then(kickDelivery)
    .catch((error: unknown) => log.warn({ err: error }, 'could not wake the delivery of new alerts'));
}

async function pendingNotificationsOf(db: DbOrTx, incidentIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(
      and(inArray(notificationOutbox.incidentId, [...incidentIds]), eq(notificationOutbox.state, 'pending')),
    );
  return rows.map((r) => r.id);
}

/** The absolute console URL of a path in the workspace, when the deployment says where it is (AUTH_URL). */
export async function consoleUrl(db: DbOrTx, workspaceId: string, path: string): Promise<string | undefined> {
  const configured = process.env.AUTH_URL ?? process.env.NEXTAUTH_URL;
  if (!configured) return undefined;
  const [ws] = await db
    .select({ slug: workspaces.slug })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return ws ? `${new URL(configured).origin}/${ws.slug}${path}` : undefined;
}

const toIncident = (i: typeof alertIncidents.$inferSelect): AlertIncidentRecord => ({
  id: i.id,
  projectId: i.projectId,
  ruleId: i.ruleId,
  kind: i.kind,
  subject: i.subject,
  state: i.state,
  title: String((i.details.message as AlertMessage | undefined)?.title ?? i.kind),
  details: i.details,
  openedAt: i.openedAt.toISOString(),
  resolvedAt: i.resolvedAt?.toISOString() ?? null,
});

export type Incident = ReturnType<typeof toIncident>;

/**
 * A project's incidents, newest first (at most `limit`): all of them, or those about one executable (its own
 * subject, its executions' and its profile's).
 */
export async function listIncidents(
  db: DbOrTx,
  workspaceId: string,
  filter: { projectId: string; executableId?: string; state?: IncidentState; limit?: number },
) {
  await requireProject(db, workspaceId, filter.projectId);
  const rows = await db
    .select()
    .from(alertIncidents)
    .where(
      and(
        eq(alertIncidents.projectId, filter.projectId),
        filter.state ? eq(alertIncidents.state, filter.state) : undefined,
        filter.executableId
          ? sql`(${alertIncidents.subject} = ${filter.executableId} or ${alertIncidents.details}->>'executableId' = ${filter.executableId})`
          : undefined,
      ),
    )
    .orderBy(desc(alertIncidents.openedAt))
    .limit(filter.limit ?? 50);
  return rows.map(toIncident);
}
