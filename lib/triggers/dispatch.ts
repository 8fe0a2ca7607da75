import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { executables, triggerEvents } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { assertRunnable, queueExecution } from '@/lib/executions/queue';
import { newId } from '@/lib/ids';
import { log } from '@/lib/log';

/** How many executables one dispatch pass starts a run for at most. */
const DISPATCH_BATCH = 200;

class AlreadyTaken extends Error {}

type Candidate = { id: string; executable_id: string; log_index: number };

/**
 * For each executable with a ready trigger event and no unfinished execution, queues ONE execution (trigger
 * `event` or `block`, `trigger_event_id` set) for its oldest ready event (block number, then log index) and
 * marks the event dispatched, in the execution insert's transaction (`queueExecution`'s guard), so an event is
 * dispatched once: the guard's conditional update and the unique `executions.trigger_event_id` make a second
 * dispatcher (another instance) find nothing to do. An event with an older one still waiting for confirmations
 * waits too (runs keep chain order). A paused or otherwise unrunnable executable's events stay ready; a deleted
 * one's are dropped. Answers how many runs it queued. The follower's tick calls it, so the next ready event
 * starts within a tick of the previous run's end.
 */
export async function dispatchReadyEvents(db: Db): Promise<number> {
  const candidates = await db.execute<Candidate>(sql`
    select distinct on (te.executable_id) te.id, te.executable_id, te.log_index
      from trigger_events te
     where te.status = 'ready'
       and not exists (select 1 from executions x where x.executable_id = te.executable_id
                        and x.status in ('pending', 'running', 'simulating', 'submitted'))
       and not exists (select 1 from trigger_events w where w.executable_id = te.executable_id
                        and w.status = 'waiting'
                        and (w.block_number, w.log_index) < (te.block_number, te.log_index))
     order by te.executable_id, te.block_number, te.log_index
     limit ${DISPATCH_BATCH}`);
  if (candidates.length === 0) return 0;
  const rows = await db
    .select()
    .from(executables)
    .where(
      inArray(
        executables.id,
        candidates.map((c) => c.executable_id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  let queued = 0;
  for (const candidate of candidates) {
    const row = byId.get(candidate.executable_id);
    if (!row || row.state === 'deleted') {
      await db
        .update(triggerEvents)
        .set({ status: 'dropped' })
        .where(
          and(eq(triggerEvents.executableId, candidate.executable_id), eq(triggerEvents.status, 'ready')),
        );
      continue;
    }
    if (row.state !== 'active') continue;
    const executionId = newId('execution');
    try {
      const { chainId } = await assertRunnable(db, row, false);
      await queueExecution(db, row, chainId, {
        trigger: candidate.log_index < 0 ? 'block' : 'event',
        dryRun: false,
        id: executionId,
        triggerEventId: candidate.id,
        guard: async (tx) => {
          const taken = await tx
            .update(triggerEvents)
            .set({ status: 'dispatched', executionId, dispatchedAt: new Date() })
            .where(and(eq(triggerEvents.id, candidate.id), eq(triggerEvents.status, 'ready')))
            .returning({ id: triggerEvents.id });
          if (taken.length === 0) throw new AlreadyTaken();
        },
      });
      queued += 1;
    } catch (error) {
      if (error instanceof AlreadyTaken) continue;
      if (error instanceof ApiError) {
        // in progress (another dispatcher or a manual run got there first), unrunnable, out of compute units:
        // the event stays ready for a later tick
        log.debug({ executableId: row.id, code: error.code }, 'trigger event waits');
        continue;
      }
      // the run could not be queued: queueExecution removed the execution; the event is ready again
      await db
        .update(triggerEvents)
        .set({ status: 'ready', executionId: null, dispatchedAt: null })
        .where(and(eq(triggerEvents.id, candidate.id), eq(triggerEvents.executionId, executionId)));
      log.warn({ err: error, executableId: row.id }, 'dispatching a trigger event failed');
    }
  }
  return queued;
}
