import { newId } from '@/lib/ids';
import { testDb } from './fixtures';

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
  timeoutMs = 20_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
