import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { PlanId } from '@/db/enums';
import { usageDaily, workspaces } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import { currentCycle } from './cycle';
import { PLANS } from './plans';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export type ComputeUnitsStanding = {
  plan: PlanId;
  used: number;
  included: number;
  /** True when the plan refuses runs past its included compute units and they are used up. */
  exhausted: boolean;
  /** When the cycle ends and a refusing plan's runs resume. */
  resetsAt: Date;
};

/**
 * The compute units used this cycle by these workspaces and whether their plan stops them. One query: the
 * workspaces by primary key, their `usage_daily` rows of the cycle by the `(workspace_id, day)` primary key
 * (at most 31 rows each). No cache: the answer is as fresh as the last finished run.
 */
export async function computeUnitsStandings(
  db: DbOrTx,
  workspaceIds: string[],
  now = new Date(),
): Promise<Map<string, ComputeUnitsStanding>> {
  if (workspaceIds.length === 0) return new Map();
  const cycle = currentCycle(now);
  const rows = await db
    .select({
      id: workspaces.id,
      plan: workspaces.plan,
      used: sql<number>`coalesce(sum(${usageDaily.computeUnits}), 0)::int`,
    })
    .from(workspaces)
    .leftJoin(
      usageDaily,
      and(
        eq(usageDaily.workspaceId, workspaces.id),
        gte(usageDaily.day, isoDay(cycle.start)),
        lt(usageDaily.day, isoDay(cycle.end)),
      ),
    )
    .where(inArray(workspaces.id, workspaceIds))
    .groupBy(workspaces.id, workspaces.plan);
  return new Map(
    rows.map((r) => {
      const plan = PLANS[r.plan];
      const used = Number(r.used);
      const included = plan.computeUnitsPerMonth;
      const exhausted = plan.computeUnitsOverage === 'refuse' && used >= included;
      return [r.id, { plan: plan.id, used, included, exhausted, resetsAt: cycle.end }];
    }),
  );
}

export async function computeUnitsStanding(db: DbOrTx, workspaceId: string, now = new Date()) {
  return (await computeUnitsStandings(db, [workspaceId], now)).get(workspaceId);
}

/** Why a run of this workspace is refused for its compute units, or null. */
export function computeUnitsHold(standing: ComputeUnitsStanding | undefined) {
  if (!standing?.exhausted) return null;
  const plan = PLANS[standing.plan];
  return {
    code: 'compute_units_exhausted' as const,
    message: `the ${plan.name} plan's ${standing.included.toLocaleString('en-US')} compute units of this cycle are used up; runs resume when the cycle ends (${standing.resetsAt.toISOString()}) or on a paid plan`,
    until: standing.resetsAt.toISOString(),
  };
}

/** 403 compute_units_exhausted when the workspace's plan refuses runs and its compute units are used up. */
export async function assertComputeUnitsLeft(db: DbOrTx, workspaceId: string, now = new Date()) {
  const standing = await computeUnitsStanding(db, workspaceId, now);
  const hold = computeUnitsHold(standing);
  if (hold && standing)
    throw apiError('compute_units_exhausted', hold.message, {
      used: standing.used,
      included: standing.included,
      resetsAt: hold.until,
    });
}
