import type { DbOrTx } from '@/db/client';
import { notificationOutbox } from '@/db/schema';
import { newId } from '@/lib/ids';

/** A channel-neutral message; each channel kind renders it its own way (lib/alerts/channels). */
export type AlertMessage = {
  /** One line, e.g. "Executable “keeper” failed 3 times in a row". */
  title: string;
  /** A few sentences for people; no secrets, stored values or request bodies. */
  text: string;
  severity: 'critical' | 'warning' | 'info';
  /** Short labelled facts (execution id, error code, balance…). */
  facts: Record<string, string>;
  /** The console page to open, absolute. */
  url?: string;
};

export type NotificationEvent = 'fired' | 'resolved' | 'test';

/**
 * Owes `message` to each channel: one outbox row per channel, written with the caller's `db` — pass the
 * transaction of the change that causes the notification, so the two commit (or roll back) together. The
 * delivery job sends them later, with retries; nothing is sent here.
 */
export async function enqueueNotification(
  db: DbOrTx,
  input: {
    workspaceId: string;
    projectId: string;
    channelIds: readonly string[];
    incidentId?: string | null;
    event: NotificationEvent;
    message: AlertMessage;
  },
): Promise<string[]> {
  if (input.channelIds.length === 0) return [];
  const rows = input.channelIds.map((channelId) => ({
    id: newId('notification'),
    workspaceId: input.workspaceId,
    projectId: input.projectId,
    channelId,
    incidentId: input.incidentId ?? null,
    event: input.event,
    payload: input.message,
  }));
  await db.insert(notificationOutbox).values(rows);
  return rows.map((r) => r.id);
}
