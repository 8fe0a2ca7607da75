import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { FINAL_EXECUTION_STATUSES } from '@/db/enums';
import { executables, executions } from '@/db/schema';
import type { Trigger } from '@/db/schema/executables';
import { idFloor } from '@/lib/ids';
import { followingRunAt, isChainTrigger } from '@/lib/schedules/clock';

/** Compute units assumed per run of an executable that has no finished run to average (the least a run costs). */
const DEFAULT_COMPUTE_UNITS_PER_RUN = 1;
/** How far back an executable's runs are averaged. */
const HISTORY_MS = 30 * 86_400_000;
/** Cron runs walked one by one at most; past this the rest of the cycle is extrapolated at the same rate. */
const MAX_WALKED_RUNS = 200;

/**
 * How many times a schedule fires from `first` (its stored next run; an overdue one fires at the next tick)
 * until `end` (exclusive), advancing the way the scheduler does (`followingRunAt`).
 */
export function runsUntil(trigger: Trigger, first: Date | null, end: Date, now: Date): number {
  if (isChainTrigger(trigger)) return 0; // event and block triggers run as the chain says: not projected
  let due = first ?? now;
  let runs = 0;
  if (due < now) {
    if (now >= end) return 0;
    runs = 1;
    const next = followingRunAt(trigger, due, now);
    if (!next) return runs;
    due = next;
  }
  if (due >= end) return runs;
  if (trigger.type === 'interval')
    return runs + Math.floor((end.getTime() - 1 - due.getTime()) / trigger.intervalMs) + 1;
  const start = due;
  let walked = 0;
  let last = due;
  for (let at: Date | null = due; at && at < end; at = followingRunAt(trigger, at, at)) {
    walked++;
    last = at;
    if (walked >= MAX_WALKED_RUNS) {
      const span = last.getTime() - start.getTime();
      return (
        runs + (span > 0 ? Math.floor((walked - 1) * ((end.getTime() - start.getTime()) / span)) : walked)
      );
    }
  }
  return runs + walked;
}

export type ScheduledProjection = {
  /** Active executables with a schedule. */
  executables: number;
  /** Runs their schedules fire from now until the cycle's end. */
  runs: number;
  /** Those runs × each executable's average compute units per run (or the default without history). */
  computeUnits: number;
};

/**
 * What the active schedules of a workspace will cost until the cycle's end: each active executable's remaining
 * runs × its average compute units per (non-dry) run over the last 30 days, or DEFAULT_COMPUTE_UNITS_PER_RUN.
 * Two indexed queries: the workspace's executables, then their executions on `(executable_id, id)`.
 */
export async function projectSchedules(
  db: DbOrTx,
  workspaceId: string,
  cycleEnd: Date,
  now = new Date(),
): Promise<ScheduledProjection> {
  const active = await db
    .select({ id: executables.id, trigger: executables.trigger, nextRunAt: executables.nextRunAt })
    .from(executables)
    .where(and(eq(executables.workspaceId, workspaceId), eq(executables.state, 'active')));
  if (active.length === 0) return { executables: 0, runs: 0, computeUnits: 0 };
  const history = await db
    .select({
      executableId: executions.executableId,
      average: sql<number>`avg(${executions.computeUnits})::float8`,
    })
    .from(executions)
    .where(
      and(
        inArray(
          executions.executableId,
          active.map((e) => e.id),
        ),
        gte(executions.id, idFloor('execution', now.getTime() - HISTORY_MS)),
        eq(executions.dryRun, false),
        inArray(executions.status, [...FINAL_EXECUTION_STATUSES]),
      ),
    )
    .groupBy(executions.executableId);
  const averages = new Map(history.map((h) => [h.executableId, Number(h.average)]));
  let runs = 0;
  let computeUnits = 0;
  const counted = new Map<string, number>(); // executables sharing a schedule and next run count once
  for (const e of active) {
    const key = `${JSON.stringify(e.trigger)}@${e.nextRunAt?.getTime()}`;
    const n = counted.get(key) ?? runsUntil(e.trigger, e.nextRunAt, cycleEnd, now);
    counted.set(key, n);
    runs += n;
    computeUnits += n * (averages.get(e.id) ?? DEFAULT_COMPUTE_UNITS_PER_RUN);
  }
  return { executables: active.length, runs, computeUnits: Math.round(computeUnits) };
}
