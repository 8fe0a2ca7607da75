import { getDb } from '@/db/client';
import { schedulerTick } from '@/lib/executions/scheduler';
import { log } from '@/lib/log';

/** How often the embedded scheduler looks for due executables (the shortest interval trigger is 30 s). */
export const SCHEDULER_TICK_MS = Number(process.env.TICKWORK_SCHEDULER_TICK_MS) || 5_000;

const state = globalThis as unknown as { tickworkTicker?: NodeJS.Timeout };

/**
 * The embedded provider's scheduler: a tick every few seconds in the server process. Ticks never overlap in a
 * process, and claims skip locked rows, so several processes may tick at once. With Inngest, its cron function
 * runs the same tick instead.
 */
export function startSchedulerTicker() {
  if (state.tickworkTicker) return;
  let busy = false;
  state.tickworkTicker = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      await schedulerTick(getDb());
    } catch (error) {
      log.error({ err: error }, 'scheduler tick failed');
    } finally {
      busy = false;
    }
  }, SCHEDULER_TICK_MS);
  state.tickworkTicker.unref();
}

export function stopSchedulerTicker() {
  clearInterval(state.tickworkTicker);
  state.tickworkTicker = undefined;
}
