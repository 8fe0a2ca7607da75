import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { notificationAttempts, notificationChannels, notificationOutbox, projects } from '@/db/schema';
import { notFound } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { encryptSecret } from '@/lib/crypto/envelope';
import { newId } from '@/lib/ids';
import { inLiveProject, requireProject } from '@/lib/projects/service';
import type { ChannelRecord, CreateChannelInput, DeliveryRecord } from '../channel-schemas';
import { type AlertMessage, enqueueNotification } from '../outbox';
import { prepareChannel } from './kinds';

type ChannelRow = typeof notificationChannels.$inferSelect;

/** What the API and the console show of a channel: never its encrypted credentials. */
const toChannel = (c: ChannelRow): ChannelRecord => ({
  id: c.id,
  projectId: c.projectId,
  kind: c.kind,
  name: c.name,
  config: c.config,
  state: c.state,
  consecutiveFailures: c.consecutiveFailures,
  lastDeliveredAt: c.lastDeliveredAt?.toISOString() ?? null,
  lastFailedAt: c.lastFailedAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
});
export type Channel = ReturnType<typeof toChannel>;

const live = (workspaceId: string) =>
  and(
    eq(notificationChannels.workspaceId, workspaceId),
    isNull(notificationChannels.deletedAt),
    inLiveProject(notificationChannels.projectId),
  );

export async function listChannels(db: DbOrTx, workspaceId: string, projectId: string): Promise<Channel[]> {
  await requireProject(db, workspaceId, projectId);
  const rows = await db
    .select()
    .from(notificationChannels)
    .where(and(live(workspaceId), eq(notificationChannels.projectId, projectId)))
    .orderBy(desc(notificationChannels.id));
  return rows.map(toChannel);
}

async function channelRow(db: DbOrTx, workspaceId: string, channelId: string): Promise<ChannelRow> {
  const [row] = await db
    .select()
    .from(notificationChannels)
    .where(and(live(workspaceId), eq(notificationChannels.id, channelId)));
  if (!row) throw notFound('channel');
  return row;
}

export const getChannel = async (db: DbOrTx, workspaceId: string, channelId: string) =>
  toChannel(await channelRow(db, workspaceId, channelId));

/** Creates a channel; a webhook channel's signing secret is in this answer only. */
export async function createChannel(
  db: DbOrTx,
  workspaceId: string,
  input: CreateChannelInput,
  actor: Actor,
) {
  const prepared = prepareChannel(input);
  return db.transaction(async (tx) => {
    await requireProject(tx, workspaceId, input.projectId, { lock: true });
    const [row] = await tx
      .insert(notificationChannels)
      .values({
        id: newId('notificationChannel'),
        workspaceId,
        projectId: input.projectId,
        kind: input.kind,
        name: input.name,
        config: prepared.config,
        encryptedSecret: prepared.secret ? encryptSecret(JSON.stringify(prepared.secret)) : null,
      })
      .returning();
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: 'notification_channel.created',
      target: { type: 'notification_channel', id: row.id },
      details: { projectId: row.projectId, name: row.name, kind: row.kind, ...row.config },
    });
    return { ...toChannel(row), ...(prepared.signingSecret && { signingSecret: prepared.signingSecret }) };
  });
}

/** Deletes a channel: its credentials are destroyed; pending notifications to it are dropped. */
export async function deleteChannel(db: DbOrTx, workspaceId: string, channelId: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notificationChannels)
      .set({ deletedAt: new Date(), encryptedSecret: null })
      .where(and(live(workspaceId), eq(notificationChannels.id, channelId)))
      .returning();
    if (!row) throw notFound('channel');
    await tx
      .update(notificationOutbox)
      .set({ state: 'failed' })
      .where(and(eq(notificationOutbox.channelId, row.id), eq(notificationOutbox.state, 'pending')));
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: 'notification_channel.deleted',
      target: { type: 'notification_channel', id: row.id },
      details: { projectId: row.projectId, name: row.name, kind: row.kind },
    });
    return { ...toChannel(row), deleted: true as const };
  });
}

/**
 * Queues a `test` notification to a channel through the outbox (delivered like any other, with retries);
 * the caller kicks its delivery after this returns (`kickDelivery`).
 */
export async function queueTestNotification(
  db: DbOrTx,
  workspaceId: string,
  channelId: string,
  opts: { consoleUrl?: string } = {},
) {
  return db.transaction(async (tx) => {
    const channel = await channelRow(tx, workspaceId, channelId);
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, channel.projectId));
    const message: AlertMessage = {
      title: `Test notification for “${channel.name}”`,
      text: 'This is a test from Tickwork: notifications sent to this channel arrive like this one.',
      severity: 'info',
      facts: { project: project?.name ?? channel.projectId, channel: channel.name },
      ...(opts.consoleUrl && { url: opts.consoleUrl }),
    };
    const [id] = await enqueueNotification(tx, {
      workspaceId,
      projectId: channel.projectId,
      channelIds: [channel.id],
      event: 'test',
      message,
    });
    return { id, channelId: channel.id, state: 'pending' as const };
  });
}

/** A channel's recent notifications, newest first, each with its attempts. */
export async function listDeliveries(db: DbOrTx, workspaceId: string, channelId: string, limit = 50) {
  await channelRow(db, workspaceId, channelId);
  const rows = await db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.channelId, channelId))
    .orderBy(desc(notificationOutbox.id))
    .limit(limit);
  return withAttempts(db, rows);
}

/** Outbox rows as deliveries, each with its attempts (in attempt order). */
async function withAttempts(
  db: DbOrTx,
  rows: (typeof notificationOutbox.$inferSelect)[],
): Promise<DeliveryRecord[]> {
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(notificationAttempts)
          .where(
            inArray(
              notificationAttempts.outboxId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(notificationAttempts.attempt);
  return rows.map((r) => ({
    id: r.id,
    channelId: r.channelId,
    incidentId: r.incidentId,
    event: r.event,
    title: String((r.payload as { title?: unknown }).title ?? ''),
    state: r.state,
    attempts: attempts
      .filter((a) => a.outboxId === r.id)
      .map((a) => ({
        attempt: a.attempt,
        ok: a.ok,
        responseCode: a.responseCode,
        latencyMs: a.latencyMs,
        error: a.error,
        at: a.at.toISOString(),
      })),
    nextAttemptAt: r.state === 'pending' ? r.nextAttemptAt.toISOString() : null,
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The notifications of the workspace's incidents, oldest first, each with its channel's name and attempts. */
export async function incidentDeliveries(db: DbOrTx, workspaceId: string, incidentIds: readonly string[]) {
  if (incidentIds.length === 0) return [];
  const rows = await db
    .select({ row: notificationOutbox, channelName: notificationChannels.name })
    .from(notificationOutbox)
    .innerJoin(notificationChannels, eq(notificationChannels.id, notificationOutbox.channelId))
    .where(
      and(
        eq(notificationOutbox.workspaceId, workspaceId),
        inArray(notificationOutbox.incidentId, [...incidentIds]),
      ),
    )
    .orderBy(asc(notificationOutbox.id));
  const deliveries = await withAttempts(
    db,
    rows.map((r) => r.row),
  );
  return deliveries.map((d, i) => ({ ...d, channelName: rows[i].channelName }));
}
export type IncidentDelivery = Awaited<ReturnType<typeof incidentDeliveries>>[number];

export type Delivery = Awaited<ReturnType<typeof listDeliveries>>[number];
