import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { PlanId } from '@/db/enums';
import { executables, profiles } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import { findChain } from '@/lib/chains/config';
import { PLANS } from '@/lib/usage/plans';

const MAX_NAMED = 10;

const names = (rows: { name: string }[]) =>
  rows
    .slice(0, MAX_NAMED)
    .map((r) => `“${r.name}”`)
    .join(', ') + (rows.length > MAX_NAMED ? ` and ${rows.length - MAX_NAMED} more` : '');

/**
 * Refuses a switch to a plan the workspace does not fit (409 `plan_downgrade_blocked`), naming what to change
 * first: more executables than the plan allows (paused ones count, as they do for creating one: delete the
 * surplus), or active executables on a mainnet when the plan covers testnets only (pause them). Compute units
 * and function uploads already spent this cycle never block a switch: the new plan's limits apply to what comes
 * next. Takes the executables lock of `enforceExecutableLimit`, so no executable is created while it checks;
 * run it in the transaction that switches the plan (Stripe checks before calling Stripe instead: a change made
 * there is not undone by a late refusal).
 */
export async function assertWorkspaceFitsPlan(db: DbOrTx, workspaceId: string, planId: PlanId) {
  const plan = PLANS[planId];
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`executables/${workspaceId}`}, 0))`);
  const rows = await db
    .select({
      id: executables.id,
      name: executables.name,
      state: executables.state,
      chainId: profiles.chainId,
    })
    .from(executables)
    .innerJoin(profiles, eq(profiles.id, executables.profileId))
    .where(and(eq(executables.workspaceId, workspaceId), ne(executables.state, 'deleted')))
    .orderBy(asc(executables.id));

  if (rows.length > plan.executables) {
    const surplus = rows.length - plan.executables;
    throw apiError(
      'plan_downgrade_blocked',
      `The ${plan.name} plan allows ${plan.executables} executables and this workspace has ${rows.length} (paused ones count). Delete ${surplus} of them first: ${names(rows)}.`,
      { reason: 'executables', limit: plan.executables, used: rows.length, executables: rows.map(brief) },
    );
  }
  if (!plan.mainnet) {
    const onMainnet = rows.filter((r) => r.state === 'active' && findChain(r.chainId)?.testnet === false);
    if (onMainnet.length > 0)
      throw apiError(
        'plan_downgrade_blocked',
        `The ${plan.name} plan covers testnets only. Pause the executables running on a mainnet first: ${names(onMainnet)}.`,
        { reason: 'mainnet', executables: onMainnet.map(brief) },
      );
  }
}

const brief = (r: { id: string; name: string; state: string; chainId: number }) => ({
  id: r.id,
  name: r.name,
  state: r.state,
  chainId: r.chainId,
});
