import type { DbOrTx } from '@/db/client';
import { getDb } from '@/db/client';
import { log } from '@/lib/log';
import { checkDeadMan, checkLowBalance, checkPlanUsage, checkSubmittedUnknown } from './checks';
import { afterIncidentCommit } from './incidents';

/** How often the embedded provider runs the periodic alert checks (Inngest: its `alerts-check` cron, each minute). */
export const ALERTS_TICK_MS = Number(process.env.TICKWORK_ALERTS_TICK_MS) || 15_000;

/** Every periodic check once; a check that fails does not keep the others from running. */
export async function alertsTick(db: DbOrTx, now = new Date()) {
  const changed: string[] = [];
  for (const [name, check] of [
    ['dead_man', checkDeadMan],
    ['submitted_unknown', checkSubmittedUnknown],
    ['low_balance', checkLowBalance],
    ['plan_usage', checkPlanUsage],
  ] as const) {
    try {
      changed.push(...(await check(db, now)));
    } catch (error) {
      log.error({ err: error, check: name }, 'alert check failed');
    }
  }
  afterIncidentCommit(db, changed);
  return { changed };
}

const state = globalThis as unknown as { tickworkAlerts?: NodeJS.Timeout };

/**
 * The embedded provider's alert checks, on a ticker of their own (not the scheduler's: a scheduler that is
 * stopped, TICKWORK_SCHEDULER=off, or stuck is exactly what the dead-man check must notice).
 */
export function startAlertsTicker() {
  if (state.tickworkAlerts) return;
  let busy = false;
  state.tickworkAlerts = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      await alertsTick(getDb());
    } finally {
      busy = false;
    }
  }, ALERTS_TICK_MS);
  state.tickworkAlerts.unref();
}
