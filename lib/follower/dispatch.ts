import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { IN_FLIGHT_EXECUTION_STATUSES, OPEN_TRIGGER_EVENT_STATUSES } from '@/db/enums';
import { executables, triggerEvents } from '@/db/schema';
import { inValues } from '@/db/schema/util';
import { ApiError } from '@/lib/api/errors';
import { assertRunnable, queueExecution } from '@/lib/executions/queue';
import { newId } from '@/lib/ids';
import { log } from '@/lib/log';

/** How many executables one dispatch query answers at most (a pass asks again while a batch comes back full). */
const DISPATCH_BATCH = 200;
/** Queries one pass makes at most (executables skipped for a reason the query cannot see are left out after). */
const DISPATCH_QUERIES = 10;

class AlreadyTaken extends Error {}

type Candidate = { id: string; executable_id: string; log_index: number };

/**
 * The oldest pending event of each executable, when it is ready (so no older one of its still waits for its
 * confirmations: runs keep chain order) and the executable can run one now: none of its executions unfinished,
 * the executable active, not held by its fee cap (its events stay ready, in order, until the hold is lifted), with
 * an active profile and a release not deleted (a deleted executable's events are answered too, to be dropped). An executable that cannot run is not a candidate, so stalled ones never fill the
 * batch before runnable ones. One index probe per executable (trigger_events_queue_idx), however long its
 * backlog.
 */
function readyCandidates(db: DbOrTx, only: { executableId?: string; skip: string[] }) {
  return db.execute<Candidate>(sql`
    select oldest.id, e.id as executable_id, oldest.log_index
      from executables e
      cross join lateral (
        select te.id, te.status, te.log_index from trigger_events te
         where te.executable_id = e.id and ${inValues('te.status', OPEN_TRIGGER_EVENT_STATUSES)}
         order by te.block_number, te.log_index
         limit 1) oldest
     where oldest.status = 'ready'
       ${only.executableId ? sql`and e.id = ${only.executableId}` : sql``}
       ${
         only.skip.length
           ? sql`and e.id not in (${sql.join(
               only.skip.map((id) => sql`${id}`),
               sql`, `,
             )})`
           : sql``
       }
       and (e.state = 'deleted'
            or (e.state = 'active'
                and e.fee_held_since is null
                and exists (select 1 from profiles p where p.id = e.profile_id and p.state = 'active')
                and exists (select 1 from function_releases r where r.id = e.function_id and r.deleted_at is null)))
       and not exists (select 1 from executions x where x.executable_id = e.id
                        and ${inValues('x.status', IN_FLIGHT_EXECUTION_STATUSES)})
     order by e.id
     limit ${DISPATCH_BATCH}`);
}

/**
 * For each executable with a ready trigger event that can run now (readyCandidates), queues ONE execution
 * (trigger `event` or `block`, `trigger_event_id` set) for its oldest ready event (block number, then log index)
 * and marks the event dispatched, in the execution insert's transaction (`queueExecution`'s guard), so an event
 * is dispatched once: the guard's conditional update and the unique `executions.trigger_event_id` make a second
 * dispatcher (another instance) find nothing to do. One run at a time per executable (its storage is per
 * executable, and runs keep chain order): the next ready event is dispatched as soon as the previous run ends
 * (`dispatchAfterRun`, called by finishExecution), and by the follower's tick otherwise. A deleted executable's
 * events are dropped. Answers how many runs it queued.
 */
export async function dispatchReadyEvents(db: DbOrTx, executableId?: string): Promise<number> {
  const skip: string[] = [];
  let queued = 0;
  for (let query = 0; query < DISPATCH_QUERIES; query++) {
    const candidates = await readyCandidates(db, { executableId, skip });
    const pass = await dispatchCandidates(db, candidates);
    queued += pass.queued;
    skip.push(...pass.skipped);
    if (candidates.length < DISPATCH_BATCH) break;
  }
  return queued;
}

/**
 * Called once a run of the executable has ended: starts the run of its next ready trigger event, if any, without
 * waiting for the follower's tick. Never throws (the tick dispatches what this misses).
 */
export async function dispatchAfterRun(db: DbOrTx, executableId: string): Promise<void> {
  try {
    await dispatchReadyEvents(db, executableId);
  } catch (error) {
    log.warn({ err: error, executableId }, 'dispatching the next trigger event after a run failed');
  }
}

async function dispatchCandidates(
  db: DbOrTx,
  candidates: Candidate[],
): Promise<{ queued: number; skipped: string[] }> {
  const skipped: string[] = [];
  if (candidates.length === 0) return { queued: 0, skipped };
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
        .set({ status: 'dropped', dropReason: 'executable_deleted' })
        .where(
          and(eq(triggerEvents.executableId, candidate.executable_id), eq(triggerEvents.status, 'ready')),
        );
      continue;
    }
    if (row.state !== 'active') {
      skipped.push(row.id);
      continue;
    }
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
        skipped.push(row.id);
        continue;
      }
      // the run could not be queued: queueExecution removed the execution; the event is ready again
      await db
        .update(triggerEvents)
        .set({ status: 'ready', executionId: null, dispatchedAt: null })
        .where(and(eq(triggerEvents.id, candidate.id), eq(triggerEvents.executionId, executionId)));
      log.warn({ err: error, executableId: row.id }, 'dispatching a trigger event failed');
      skipped.push(row.id);
    }
  }
  return { queued, skipped };
}
