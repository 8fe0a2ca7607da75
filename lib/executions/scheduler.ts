import { and, asc, eq, inArray, lt, lte, not, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { IN_FLIGHT_EXECUTION_STATUSES } from '@/db/enums';
import { executables, executions, profiles } from '@/db/schema';
import { inValues } from '@/db/schema/util';
import { newId } from '@/lib/ids';
import { enqueueAll, jobProvider } from '@/lib/jobs/port';
import { log } from '@/lib/log';
import { followingRunAt } from '@/lib/schedules/clock';
import { computeUnitsStandings } from '@/lib/usage/limits';
import { requeueStrandedCallbacks } from './callbacks';
import { runLeaseHeld } from './lease';
import { reconcileSubmissions } from './reconcile';
import { STALE_RUN_MS } from './run';

/** How many due executables one tick claims at most (the rest wait for the next tick). */
const CLAIM_BATCH = 200;
/** A pending execution whose job has not started after this long is queued again. */
const PENDING_GRACE_MS = 60_000;

/**
 * Claims the due executables (`state = active and next_run_at <= now`, `FOR UPDATE SKIP LOCKED`, so several
 * schedulers never claim one twice), advances their next run and inserts a pending execution for each in the
 * same transaction, then queues the runs. An executable whose previous execution is unfinished gets no second
 * one (the run is skipped, not stacked). An executable of a workspace whose plan stops at its included compute
 * units (Free) and has used them is advanced without an execution: nothing is recorded per tick, the executable
 * shows why (`computeUnitsHold`), and its schedule fires again once the next cycle starts. An executable held by
 * its fee cap (`fee_held_since`, lib/executables/fee-hold.ts) is advanced the same way until the hold is lifted.
 * Answers the ids of the queued executions.
 */
export async function scheduleDueExecutions(db: Db, now = new Date()): Promise<string[]> {
  return (await claimDueExecutions(db, now)).queued;
}

/** The executables the scheduler fires at `now`: active and due, on an interval or cron trigger. */
const dueNow = (now: Date) =>
  and(
    eq(executables.state, 'active'),
    lte(executables.nextRunAt, now),
    // event and block triggers are the chain follower's (lib/follower), whatever next_run_at says
    sql`${executables.trigger}->>'type' in ('interval', 'cron')`,
  );

/** Whether anything is due: one index probe, so a tick with nothing to fire opens no transaction. */
async function anythingDue(db: Db, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: executables.id }).from(executables).where(dueNow(now)).limit(1);
  return row !== undefined;
}

/** `scheduleDueExecutions`, also saying how many executables it claimed (held ones included). */
async function claimDueExecutions(db: Db, now: Date): Promise<{ claimed: number; queued: string[] }> {
  let claimed = 0;
  const queued = await db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: executables.id,
        workspaceId: executables.workspaceId,
        projectId: executables.projectId,
        functionId: executables.functionId,
        trigger: executables.trigger,
        dueAt: executables.nextRunAt,
        feeHeld: sql<boolean>`${executables.feeHeldSince} is not null`,
        chainId: profiles.chainId,
      })
      .from(executables)
      .innerJoin(profiles, eq(profiles.id, executables.profileId))
      .where(dueNow(now))
      .orderBy(asc(executables.nextRunAt))
      .limit(CLAIM_BATCH)
      .for('update', { of: executables, skipLocked: true });
    claimed = due.length;
    if (due.length === 0) return [];

    const advanced = due.map((e) => ({
      id: e.id,
      next: followingRunAt(e.trigger, e.dueAt ?? now, now)?.toISOString() ?? null,
    }));
    await tx.execute(sql`
      update executables as e set next_run_at = v.next::timestamptz
        from jsonb_to_recordset(${JSON.stringify(advanced)}::jsonb) as v(id text, next text)
       where e.id = v.id`);
    const standings = await computeUnitsStandings(tx, [...new Set(due.map((e) => e.workspaceId))], now);
    const runnable = due.filter((e) => !e.feeHeld && !standings.get(e.workspaceId)?.exhausted);
    if (runnable.length === 0) return [];
    const inserted = await tx
      .insert(executions)
      .values(
        runnable.map((e) => ({
          id: newId('execution', now.getTime()),
          workspaceId: e.workspaceId,
          projectId: e.projectId,
          executableId: e.id,
          functionId: e.functionId,
          trigger: 'schedule' as const,
          chainId: e.chainId,
          scheduledAt: e.dueAt ?? now,
        })),
      )
      .onConflictDoNothing({
        target: executions.executableId,
        where: inValues('status', IN_FLIGHT_EXECUTION_STATUSES),
      })
      .returning({ id: executions.id });
    return inserted.map((r) => r.id);
  });
  await queueRuns(queued);
  return { claimed, queued };
}

/**
 * Runs cut short are looked for only once they are this old: a run's own job may be between two attempts (a
 * retried infrastructure fault), and a run that keeps failing that way is not restarted on every tick.
 */
const ORPHAN_GRACE_MS = 10_000;

/**
 * Queues again the executions whose job was lost: pending ones whose job never started, and runs cut short
 * (a crashed worker): with the embedded provider, any unfinished run whose lease nobody holds (its worker is
 * gone, see `lease.ts`), submitted ones included (they only need their receipt read); on Inngest, runs still
 * evaluating once they are stale. The run's claim step decides what is left to do.
 */
export async function requeueStrandedExecutions(db: Db, now = new Date()): Promise<string[]> {
  const orphaned =
    jobProvider() === 'embedded'
      ? and(
          inArray(executions.status, ['running', 'simulating', 'submitted']),
          lt(executions.startedAt, new Date(now.getTime() - ORPHAN_GRACE_MS)),
          not(runLeaseHeld(sql`${executions.id}`)),
        )
      : undefined;
  const rows = await db
    .select({ id: executions.id })
    .from(executions)
    .where(
      or(
        and(
          eq(executions.status, 'pending'),
          lt(executions.createdAt, new Date(now.getTime() - PENDING_GRACE_MS)),
        ),
        and(
          inArray(executions.status, ['running', 'simulating']),
          lt(executions.startedAt, new Date(now.getTime() - STALE_RUN_MS)),
        ),
        orphaned,
      ),
    )
    .limit(CLAIM_BATCH);
  const ids = rows.map((r) => r.id);
  await queueRuns(ids);
  return ids;
}

async function queueRuns(ids: string[]) {
  try {
    await enqueueAll(
      'execution/requested',
      ids.map((executionId) => ({ executionId })),
    );
  } catch (error) {
    // the rows stay pending: the stranded-execution sweep queues them again
    log.error({ err: error, executions: ids.length }, 'could not queue executions');
  }
}

/** How long one tick keeps claiming while full batches come back (a backlog drains within a few ticks). */
const TICK_BUDGET_MS = 3_000;

/** One scheduler tick: fire what is due. */
export async function schedulerTick(db: Db, now = new Date()) {
  const scheduled: string[] = [];
  if (!(await anythingDue(db, now))) return { scheduled };
  const started = Date.now();
  for (;;) {
    const batch = await claimDueExecutions(db, now);
    scheduled.push(...batch.queued);
    if (batch.claimed < CLAIM_BATCH || Date.now() - started > TICK_BUDGET_MS) break;
  }
  return { scheduled };
}

/**
 * One recovery tick: rescue stranded runs, look again for unconfirmed submissions, queue again callbacks whose
 * job was lost. Each looks for rows stuck ten seconds or more, so it runs less often than the scheduler tick.
 */
export async function recoveryTick(db: Db, now = new Date()) {
  const requeued = await requeueStrandedExecutions(db, now);
  const reconciled = await reconcileSubmissions(db, now);
  const callbacks = await requeueStrandedCallbacks(db, now);
  return { requeued, reconciled, callbacks };
}
