import { getDb } from '@/db/client';
import { sweepDueNotifications } from '@/lib/alerts/delivery';
import { log } from '@/lib/log';

/** How often the embedded provider sweeps the outbox for due notifications (`TICKWORK_NOTIFY_SWEEP_MS`). */
export const NOTIFY_SWEEP_MS = Number(process.env.TICKWORK_NOTIFY_SWEEP_MS) || 5_000;

const state = globalThis as unknown as { tickworkNotifySweep?: NodeJS.Timeout };

/**
 * The embedded provider's outbox sweep, in the server process: once at start (rows written before a restart),
 * then every few seconds (retries whose wait is over). With Inngest, the `notification-sweep` cron runs it.
 */
export function startNotificationTicker() {
  if (state.tickworkNotifySweep) return;
  let busy = false;
  const sweep = async () => {
    if (busy) return;
    busy = true;
    try {
      await sweepDueNotifications(getDb());
    } catch (error) {
      log.error({ err: error }, 'notification sweep failed');
    } finally {
      busy = false;
    }
  };
  void sweep();
  state.tickworkNotifySweep = setInterval(sweep, NOTIFY_SWEEP_MS);
  state.tickworkNotifySweep.unref();
}
