import { Cron } from 'croner';
import type { Trigger } from '@/db/schema/executables';
import { ApiError } from '@/lib/api/errors';

export const INTERVAL_LIMITS = { minMs: 30_000, maxMs: 86_400_000 } as const;

const cronOf = (cronspec: string) => new Cron(cronspec, { timezone: 'UTC', paused: true });

/**
 * Checks a trigger beyond its shape: an interval from 30 s to one day (`400 invalid_trigger`), a standard
 * 5-field cron expression that croner parses and that fires at some point (`400 invalid_cron`).
 */
export function validateTrigger(trigger: Trigger): Trigger {
  if (trigger.type === 'interval') {
    const { intervalMs } = trigger;
    if (
      !Number.isInteger(intervalMs) ||
      intervalMs < INTERVAL_LIMITS.minMs ||
      intervalMs > INTERVAL_LIMITS.maxMs
    )
      throw new ApiError(
        400,
        'invalid_trigger',
        `intervalMs must be an integer from ${INTERVAL_LIMITS.minMs} (30 seconds) to ${INTERVAL_LIMITS.maxMs} (one day)`,
        { minMs: INTERVAL_LIMITS.minMs, maxMs: INTERVAL_LIMITS.maxMs },
      );
    return { type: 'interval', intervalMs };
  }
  const cronspec = trigger.cronspec.trim().replace(/\s+/g, ' ');
  if (cronspec.split(' ').length !== 5)
    throw new ApiError(
      400,
      'invalid_cron',
      'cronspec must be a standard 5-field cron expression (minute hour day-of-month month day-of-week)',
    );
  let next: Date | null;
  try {
    next = cronOf(cronspec).nextRun();
  } catch (error) {
    throw new ApiError(
      400,
      'invalid_cron',
      `cronspec is not a valid cron expression: ${(error as Error).message}`,
    );
  }
  if (!next) throw new ApiError(400, 'invalid_cron', 'cronspec never fires');
  return { type: 'cron', cronspec };
}

/** The next fire time after `from` (interval: from + intervalMs; cron: the next match, UTC). */
export function nextRunAt(trigger: Trigger, from = new Date()): Date | null {
  if (trigger.type === 'interval') return new Date(from.getTime() + trigger.intervalMs);
  return cronOf(trigger.cronspec).nextRun(from);
}
