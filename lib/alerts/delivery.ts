import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { ChannelKind } from '@/db/enums';
import { alertIncidents, notificationAttempts, notificationChannels, notificationOutbox } from '@/db/schema';
import { decryptSecret } from '@/lib/crypto/envelope';
import { newId } from '@/lib/ids';
import { enqueueAll } from '@/lib/jobs/port';
import { log } from '@/lib/log';
import { observeDelivery } from '@/lib/metrics/observe';
import { inLiveProject } from '@/lib/projects/service';
import type { ChannelSecret } from './channels/kinds';
import type { Notification } from './channels/render';
import { type SendResult, sendNotification } from './channels/send';
import type { AlertMessage, NotificationEvent } from './outbox';

/** Waits between attempts: 10 s, 30 s, 2 min, 10 min, 30 min, then the notification has failed (6 attempts). */
const DEFAULT_BACKOFF_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000];
/** Notifications that failed for good in a row before a channel is `failing`. */
const FAILING_AFTER = 3;
/** How long a claimed attempt holds its row; a worker that died mid-send gives it back after this. */
const CLAIM_LEASE_MS = 60_000;
const IN_PROGRESS = 'in progress';

/** `TICKWORK_NOTIFY_BACKOFF_MS`: comma-separated waits in ms (their count is the number of retries). */
function backoffSchedule(): number[] {
  const raw = process.env.TICKWORK_NOTIFY_BACKOFF_MS;
  if (!raw) return DEFAULT_BACKOFF_MS;
  const waits = raw.split(',').map((v) => Number(v.trim()));
  return waits.every((w) => Number.isFinite(w) && w >= 0) ? waits : DEFAULT_BACKOFF_MS;
}

/** Messages per channel per minute; more wait their turn (never dropped). `TICKWORK_NOTIFY_RATE_PER_MINUTE`. */
const ratePerMinute = () => Number(process.env.TICKWORK_NOTIFY_RATE_PER_MINUTE) || 20;

type OutboxRow = typeof notificationOutbox.$inferSelect;
type ChannelRow = typeof notificationChannels.$inferSelect;
type Claimed = { row: OutboxRow; channel: ChannelRow; attempt: number; attemptId: string };
export type DeliveryOutcome =
  | { outcome: 'delivered' | 'retry' | 'failed'; attempt: number }
  | { outcome: 'skipped' | 'delayed' | 'dropped' };

const at = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

/** Marks a row failed for good and counts it against its channel. */
async function giveUp(tx: DbOrTx, row: OutboxRow, attempt: number) {
  const done = await tx
    .update(notificationOutbox)
    .set({ state: 'failed' })
    .where(and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.state, 'pending')))
    .returning({ id: notificationOutbox.id });
  if (done.length === 0) return;
  await tx
    .update(notificationChannels)
    .set({
      consecutiveFailures: sql`${notificationChannels.consecutiveFailures} + 1`,
      lastFailedAt: new Date(),
      state: sql`case when ${notificationChannels.consecutiveFailures} + 1 >= ${FAILING_AFTER} then 'failing'::notification_channel_state else ${notificationChannels.state} end`,
    })
    .where(eq(notificationChannels.id, row.channelId));
  log.warn(
    { notificationId: row.id, channelId: row.channelId, attempts: attempt },
    'notification failed for good',
  );
}

/**
 * Takes one due row for one attempt: the row is locked (`skip locked`: another worker has it) and leased by
 * moving its next attempt past the send, and the attempt is recorded as in progress before anything is sent.
 * The channel row is locked too, so the per-channel rate limit holds across workers.
 */
async function claim(
  db: DbOrTx,
  id: string,
): Promise<Claimed | Exclude<DeliveryOutcome, { attempt: number }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.id, id),
          eq(notificationOutbox.state, 'pending'),
          lte(notificationOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .for('update', { skipLocked: true });
    if (!row) return { outcome: 'skipped' as const };
    // an attempt whose worker stopped mid-send (its lease ran out) is closed as such
    await tx
      .update(notificationAttempts)
      .set({ error: 'interrupted: the worker stopped during the attempt' })
      .where(and(eq(notificationAttempts.outboxId, row.id), eq(notificationAttempts.error, IN_PROGRESS)));
    const [channel] = await tx
      .select()
      .from(notificationChannels)
      .where(and(eq(notificationChannels.id, row.channelId), inLiveProject(notificationChannels.projectId)))
      .for('update');
    // a deleted channel (or project) gets nothing more
    if (!channel || channel.deletedAt) {
      await tx.update(notificationOutbox).set({ state: 'failed' }).where(eq(notificationOutbox.id, row.id));
      return { outcome: 'dropped' as const };
    }
    if (row.attempts > backoffSchedule().length) {
      await giveUp(tx, row, row.attempts);
      return { outcome: 'dropped' as const };
    }
    const limit = ratePerMinute();
    const recent = await tx
      .select({ at: notificationAttempts.at })
      .from(notificationAttempts)
      .innerJoin(notificationOutbox, eq(notificationAttempts.outboxId, notificationOutbox.id))
      .where(
        and(
          eq(notificationOutbox.channelId, channel.id),
          gt(notificationAttempts.at, sql`now() - interval '1 minute'`),
        ),
      )
      .orderBy(desc(notificationAttempts.at))
      .limit(limit);
    if (recent.length >= limit) {
      // the channel's minute is full: this row waits until the oldest of those attempts leaves the window
      const freeAt = new Date(recent[recent.length - 1].at.getTime() + 60_000);
      await tx
        .update(notificationOutbox)
        .set({ nextAttemptAt: freeAt })
        .where(eq(notificationOutbox.id, row.id));
      return { outcome: 'delayed' as const };
    }
    const attempt = row.attempts + 1;
    await tx
      .update(notificationOutbox)
      .set({ attempts: attempt, nextAttemptAt: at(CLAIM_LEASE_MS) })
      .where(eq(notificationOutbox.id, row.id));
    const attemptId = newId('notificationAttempt');
    await tx
      .insert(notificationAttempts)
      .values({ id: attemptId, outboxId: row.id, attempt, ok: false, latencyMs: 0, error: IN_PROGRESS });
    return { row, channel, attempt, attemptId };
  });
}

async function notificationOf(db: DbOrTx, row: OutboxRow): Promise<Notification> {
  const [incident] = row.incidentId
    ? await db
        .select({
          id: alertIncidents.id,
          kind: alertIncidents.kind,
          subject: alertIncidents.subject,
          state: alertIncidents.state,
        })
        .from(alertIncidents)
        .where(eq(alertIncidents.id, row.incidentId))
    : [];
  return {
    id: row.id,
    event: row.event as NotificationEvent,
    message: row.payload as AlertMessage,
    incident: incident ?? null,
    sentAt: new Date().toISOString(),
  };
}

async function attemptSend(db: DbOrTx, claimed: Claimed): Promise<SendResult> {
  try {
    const secret = claimed.channel.encryptedSecret
      ? (JSON.parse(decryptSecret(claimed.channel.encryptedSecret)) as ChannelSecret)
      : null;
    const target = { kind: claimed.channel.kind as ChannelKind, config: claimed.channel.config, secret };
    return await sendNotification(target, await notificationOf(db, claimed.row));
  } catch (error) {
    log.error({ err: error, notificationId: claimed.row.id }, 'notification send crashed');
    return { ok: false, responseCode: null, error: 'the notification could not be sent (internal error)' };
  }
}

/** Records the attempt's outcome and moves the row on: delivered, a later retry, or failed for good. */
async function settle(db: DbOrTx, claimed: Claimed, result: SendResult, latencyMs: number) {
  const { row, attempt } = claimed;
  const backoff = backoffSchedule();
  return db.transaction(async (tx) => {
    await tx
      .update(notificationAttempts)
      .set({ ok: result.ok, responseCode: result.responseCode, latencyMs, error: result.error })
      .where(eq(notificationAttempts.id, claimed.attemptId));
    const mine = and(
      eq(notificationOutbox.id, row.id),
      eq(notificationOutbox.state, 'pending'),
      eq(notificationOutbox.attempts, attempt),
    );
    if (result.ok) {
      await tx.update(notificationOutbox).set({ state: 'delivered', deliveredAt: new Date() }).where(mine);
      await tx
        .update(notificationChannels)
        .set({ state: 'active', consecutiveFailures: 0, lastDeliveredAt: new Date() })
        .where(eq(notificationChannels.id, row.channelId));
      return 'delivered' as const;
    }
    await tx
      .update(notificationChannels)
      .set({ lastFailedAt: new Date() })
      .where(eq(notificationChannels.id, row.channelId));
    if (attempt > backoff.length) {
      await giveUp(tx, row, attempt);
      return 'failed' as const;
    }
    await tx
      .update(notificationOutbox)
      .set({ nextAttemptAt: at(backoff[attempt - 1]) })
      .where(mine);
    return 'retry' as const;
  });
}

/**
 * One delivery attempt of one outbox row, if it is due: exactly one worker gets it; the attempt is recorded
 * (ok, response code, latency, error without bodies or credentials). Safe to call any number of times.
 */
export async function deliverNotification(db: DbOrTx, notificationId: string): Promise<DeliveryOutcome> {
  const claimed = await claim(db, notificationId);
  if ('outcome' in claimed) return claimed;
  const started = performance.now();
  const result = await attemptSend(db, claimed);
  const latencyMs = Math.round(performance.now() - started);
  observeDelivery(claimed.channel.kind, result.ok);
  const outcome = await settle(db, claimed, result, latencyMs);
  return { outcome, attempt: claimed.attempt };
}

/** Queues a delivery job for each given outbox row (after the transaction that wrote them has committed). */
export async function kickDelivery(notificationIds: readonly string[]): Promise<void> {
  if (notificationIds.length === 0) return;
  try {
    await enqueueAll(
      'notification/delivery.requested',
      notificationIds.map((notificationId) => ({ notificationId })),
    );
  } catch (error) {
    // the sweep picks the rows up
    log.warn({ err: error }, 'could not queue notification deliveries; the sweep will');
  }
}

/**
 * Queues delivery jobs for pending rows that are due: retries whose wait is over, rows whose job never ran
 * (the app stopped after the commit) and attempts whose worker died. Runs every few seconds.
 */
export async function sweepDueNotifications(db: DbOrTx, limit = 200): Promise<number> {
  const due = await db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.state, 'pending'), lte(notificationOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(notificationOutbox.nextAttemptAt))
    .limit(limit);
  if (due.length > 0)
    await enqueueAll(
      'notification/delivery.requested',
      due.map((r) => ({ notificationId: r.id })),
    );
  return due.length;
}
