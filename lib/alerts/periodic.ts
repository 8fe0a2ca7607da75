import type { DbOrTx } from '@/db/client';
import { log } from '@/lib/log';
import { checkAllowanceLow } from './allowance-check';
import { checkLowBalance } from './balance-check';
import { checkDeadMan, checkPlanUsage, checkSubmittedUnknown } from './checks';
import { afterIncidentCommit } from './incidents';

/**
 * Every periodic check once (the `alerts-check` periodic job, lib/jobs/catalog.ts); a check that fails does not
 * keep the others from running.
 */
export async function alertsTick(db: DbOrTx, now = new Date()) {
  const changed: string[] = [];
  for (const [name, check] of [
    ['dead_man', checkDeadMan],
    ['submitted_unknown', checkSubmittedUnknown],
    ['low_balance', checkLowBalance],
    ['plan_usage', checkPlanUsage],
    ['allowance_low', checkAllowanceLow],
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
