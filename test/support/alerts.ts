import { newId } from '@/lib/ids';
import { testDb, uniq } from './fixtures';
import { api } from './http';
import type { startHttpReceiver } from './notify-receivers';
import { pollPause } from './poll';

export type HttpReceiver = Awaited<ReturnType<typeof startHttpReceiver>>;

/** A webhook channel row written directly (the channels API is not needed to route alerts to it). */
export async function seedChannel(workspaceId: string, projectId: string, opts: { deleted?: boolean } = {}) {
  const id = newId('notificationChannel');
  await testDb().$sql`
    insert into notification_channels (id, workspace_id, project_id, kind, name, config, deleted_at)
    values (${id}, ${workspaceId}, ${projectId}, 'webhook', ${`hook-${id.slice(-6)}`}, '{}'::jsonb,
            ${opts.deleted ? new Date().toISOString() : null}::timestamptz)`;
  return id;
}

export type OutboxRow = { channel_id: string; incident_id: string; event: string; payload: any };

/** The outbox rows owed for a project's incidents, oldest first. */
export const outboxOf = (projectId: string) =>
  testDb().$sql<OutboxRow[]>`
    select channel_id, incident_id, event, payload from notification_outbox
     where project_id = ${projectId} order by created_at, id`;

export type IncidentRow = {
  id: string;
  rule_id: string;
  kind: string;
  subject: string;
  state: string;
  details: any;
  resolved_at: Date | null;
};

export const incidentsOf = (projectId: string) =>
  testDb().$sql<IncidentRow[]>`
    select id, rule_id, kind, subject, state, details, resolved_at from alert_incidents
     where project_id = ${projectId} order by opened_at, id`;

/** Polls `read` until `ok` (or the timeout) and answers the last value. */
export async function waitFor<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const started = Date.now();
  for (let looks = 0; ; looks++) {
    const value = await read();
    if (ok(value) || Date.now() - started > timeoutMs) return value;
    await pollPause(looks);
  }
}

/** A webhook channel (created through the API) posting to a path of its own on a local HTTP receiver. */
export async function receiverChannel(http: HttpReceiver, token: string, projectId: string) {
  const path = `/alerts/${uniq()}`;
  const res = await api('/api/v1/channels', {
    method: 'POST',
    token,
    body: { projectId, kind: 'webhook', name: `hook-${uniq()}`, url: `${http.url}${path}` },
  });
  if (res.status !== 201) throw new Error(`channel: ${res.text}`);
  return { channelId: res.body.data.id as string, path };
}

/**
 * The events a receiver channel got, per incident id (sorted: two deliveries may race), once every outbox row owed to the
 * channel is settled (delivered or failed): a message sent twice shows as a second event.
 */
export async function receivedPerIncident(
  http: HttpReceiver,
  channel: { channelId: string; path: string },
): Promise<Record<string, string[]>> {
  await waitFor(
    () => testDb().$sql`select state from notification_outbox where channel_id = ${channel.channelId}`,
    (rows) => rows.length > 0 && rows.every((r) => r.state !== 'pending'),
    30_000,
  );
  const perIncident: Record<string, string[]> = {};
  for (const { json } of http.at(channel.path)) {
    const key = json?.incident?.id ?? 'none';
    perIncident[key] = [...(perIncident[key] ?? []), json?.event];
  }
  for (const events of Object.values(perIncident)) events.sort(); // 'fired' < 'resolved'
  return perIncident;
}

/** `{ [incidentId]: ['fired', 'resolved'] }` for each of the incidents: each fired once and resolved once. */
export const firedAndResolvedOnce = (incidents: { id: string }[]) =>
  Object.fromEntries(incidents.map((i) => [i.id, ['fired', 'resolved']]));
