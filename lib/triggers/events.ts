import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { triggerEvents } from '@/db/schema';

/** Drops an executable's trigger events that have not run (waiting or ready): its trigger changed. */
export async function dropPendingTriggerEvents(db: DbOrTx, executableId: string) {
  await db
    .update(triggerEvents)
    .set({ status: 'dropped' })
    .where(
      and(eq(triggerEvents.executableId, executableId), inArray(triggerEvents.status, ['waiting', 'ready'])),
    );
}
