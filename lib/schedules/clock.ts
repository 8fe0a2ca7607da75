// Clock schedules (interval and cron triggers): their validation and when they run next. The scheduler fires
// them (lib/executions/scheduler.ts); chain triggers (event, block) are the chain follower's (lib/follower).
import { Cron } from 'croner';
import type { BlockTrigger, EventTrigger, Trigger } from '@/db/schema/executables';
import { apiError } from '@/lib/api/errors';

const INTERVAL_LIMITS = { minMs: 30_000, maxMs: 86_400_000 } as const;

const cronOf = (cronspec: string) => new Cron(cronspec, { timezone: 'UTC', paused: true });

/** A clock trigger: the scheduler fires it. */
export type ScheduleTrigger = Exclude<Trigger, EventTrigger | BlockTrigger>;
/** A chain trigger: the chain follower (lib/follower) fires it, never the scheduler. */
export type ChainTrigger = EventTrigger | BlockTrigger;

export const isChainTrigger = (trigger: Trigger): trigger is ChainTrigger =>
  trigger.type === 'event' || trigger.type === 'block';

/**
 * Checks a trigger beyond its shape: an interval from 30 s to one day (`400 invalid_trigger`), a standard
 * 5-field cron expression that croner parses and that fires at some point (`400 invalid_cron`).
 */
export function validateTrigger(trigger: ScheduleTrigger): ScheduleTrigger {
  if (trigger.type === 'interval') {
    const { intervalMs } = trigger;
    if (
      !Number.isInteger(intervalMs) ||
      intervalMs < INTERVAL_LIMITS.minMs ||
      intervalMs > INTERVAL_LIMITS.maxMs
    )
      throw apiError(
        'invalid_trigger',
        `intervalMs must be an integer from ${INTERVAL_LIMITS.minMs} (30 seconds) to ${INTERVAL_LIMITS.maxMs} (one day)`,
        { minMs: INTERVAL_LIMITS.minMs, maxMs: INTERVAL_LIMITS.maxMs },
      );
    return { type: 'interval', intervalMs };
  }
  const cronspec = trigger.cronspec.trim().replace(/\s+/g, ' ');
  if (cronspec.split(' ').length !== 5)
    throw apiError(
      'invalid_cron',
      'cronspec must be a standard 5-field cron expression (minute hour day-of-month month day-of-week)',
    );
  let next: Date | null;
  try {
    next = cronOf(cronspec).nextRun();
  } catch (error) {
    throw apiError('invalid_cron', `cronspec is not a valid cron expression: ${(error as Error).message}`);
  }
  if (!next) throw apiError('invalid_cron', 'cronspec never fires');
  return { type: 'cron', cronspec };
}

/**
 * The next fire time after `from` (interval: from + intervalMs; cron: the next match, UTC); null for an event or
 * block trigger (the scheduler never fires those).
 */
export function nextRunAt(trigger: Trigger, from = new Date()): Date | null {
  if (isChainTrigger(trigger)) return null;
  if (trigger.type === 'interval') return new Date(from.getTime() + trigger.intervalMs);
  return cronOf(trigger.cronspec).nextRun(from);
}

/**
 * When a fired schedule fires next. Interval: keeps its phase from the time it was due, skipping the runs
 * missed while it was late (never a burst); cron: the next match after now (UTC).
 */
export function followingRunAt(trigger: Trigger, dueAt: Date, now: Date): Date | null {
  if (isChainTrigger(trigger)) return null;
  if (trigger.type === 'cron') return nextRunAt(trigger, now);
  const missed = Math.floor((now.getTime() - dueAt.getTime()) / trigger.intervalMs);
  return new Date(dueAt.getTime() + (Math.max(missed, 0) + 1) * trigger.intervalMs);
}

/**
 * The runs a schedule will fire, the way the scheduler advances it (`followingRunAt`): the first is `firstRunAt` (an active executable's stored `nextRunAt`; without
 * one, where activating the trigger now puts it), which fires at the next tick even when overdue. After each
 * run, an interval keeps its phase from the time the run was due (skipping any it was late for), and cron takes
 * the next match after the run (UTC). Browser-safe: the console's previews and details use it alike.
 */
export function upcomingRuns(
  trigger: Trigger,
  count: number,
  firstRunAt: Date | string | null = null,
  now = new Date(),
): Date[] {
  const first = firstRunAt === null ? nextRunAt(trigger, now) : new Date(firstRunAt);
  const runs: Date[] = [];
  let due = first;
  while (due && runs.length < count) {
    runs.push(due);
    due = followingRunAt(trigger, due, new Date(Math.max(due.getTime(), now.getTime())));
  }
  return runs;
}
