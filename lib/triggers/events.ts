import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { OPEN_TRIGGER_EVENT_STATUSES } from '@/db/enums';
import { triggerEvents } from '@/db/schema';

/** Drops an executable's trigger events that have not run (waiting or ready): its trigger changed. */
export async function dropPendingTriggerEvents(db: DbOrTx, executableId: string) {
  await db
    .update(triggerEvents)
    .set({ status: 'dropped', dropReason: 'trigger_changed' })
    .where(
      and(
        eq(triggerEvents.executableId, executableId),
        inArray(triggerEvents.status, [...OPEN_TRIGGER_EVENT_STATUSES]),
      ),
    );
}

/** How long dropped trigger events are kept (to show why a log did not run). */
const DROPPED_EVENT_RETENTION_DAYS = 30;

/**
 * Maintenance: deletes the dropped trigger events older than 30 days. Dispatched ones stay as long as their
 * execution (ctx.trigger of its callbacks and replays reads them); they go with their executable.
 */
export async function sweepDroppedTriggerEvents(db: DbOrTx): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    delete from trigger_events
     where status = 'dropped' and created_at < now() - ${`${DROPPED_EVENT_RETENTION_DAYS} days`}::interval
    returning id`);
  return rows.length;
}
