import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executions, projects, usageDaily } from '@/db/schema';
import { notFound } from '@/lib/api/errors';
import { idFloor } from '@/lib/ids';
import { getWorkspace } from '@/lib/workspaces/service';
import { planAllowances } from './allowances';
import { currentCycle, projectToCycleEnd } from './cycle';
import { PLANS, type Plan } from './plans';
import { projectSchedules } from './projection';
import type { UsageRecord } from './schemas';

/** Share of the included compute units at which the console warns (and again at 100 %). */
const COMPUTE_UNITS_WARNING_RATIO = 0.8;

/** `reached` at 100 % of the included compute units, `approaching` from 80 %, else `none`. */
function computeUnitsAlert(used: number, included: number): 'none' | 'approaching' | 'reached' {
  if (used >= included) return 'reached';
  return used >= included * COMPUTE_UNITS_WARNING_RATIO ? 'approaching' : 'none';
}

/** Compute units past the included ones that a metering plan bills (a refusing plan bills none). */
const overageOf = (plan: Plan, used: number) =>
  plan.computeUnitsOverage === 'meter' ? Math.max(0, used - plan.computeUnitsPerMonth) : 0;

/**
 * RPC requests of this cycle's executions past the plan's free allowance per execution (read from the
 * executions on the project id index; priced with the current plan's allowance).
 */
async function billedRpcRequestsOfCycle(
  db: DbOrTx,
  workspaceId: string,
  plan: Plan,
  cycle: { start: Date; end: Date },
) {
  const [row] = await db
    .select({
      billed: sql<number>`coalesce(sum(greatest(${executions.rpcRequests} - ${plan.freeRpcRequestsPerExecution}, 0)), 0)::int`,
    })
    .from(executions)
    .where(
      and(
        inArray(
          executions.projectId,
          db.select({ id: projects.id }).from(projects).where(eq(projects.workspaceId, workspaceId)),
        ),
        eq(executions.workspaceId, workspaceId),
        gte(executions.id, idFloor('execution', cycle.start.getTime())),
        lt(executions.id, idFloor('execution', cycle.end.getTime())),
      ),
    );
  return Number(row?.billed ?? 0);
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Current-cycle usage and projection, plus the plan's count limits, for one workspace: the API's Usage record
 * (checked against UsageSchema, with the plan's exact limits kept for the console).
 */
export async function getUsage(db: DbOrTx, workspaceId: string, now = new Date()) {
  const workspace = await getWorkspace(db, workspaceId);
  if (!workspace) throw notFound('workspace');
  const plan = PLANS[workspace.plan];
  const cycle = currentCycle(now);

  const [daily, allowances, billedRpc, scheduled] = await Promise.all([
    db
      .select({
        day: usageDaily.day,
        computeUnits: usageDaily.computeUnits,
        executions: usageDaily.executions,
        rpcRequests: usageDaily.rpcRequests,
      })
      .from(usageDaily)
      .where(
        and(
          eq(usageDaily.workspaceId, workspaceId),
          gte(usageDaily.day, isoDay(cycle.start)),
          lt(usageDaily.day, isoDay(cycle.end)),
        ),
      )
      .orderBy(asc(usageDaily.day)),
    planAllowances(db, workspaceId, plan, now),
    billedRpcRequestsOfCycle(db, workspaceId, plan, cycle),
    projectSchedules(db, workspaceId, cycle.end, now),
  ]);

  const used = daily.reduce((sum, d) => sum + d.computeUnits, 0);
  const included = plan.computeUnitsPerMonth;
  const straightLine = projectToCycleEnd(used, cycle, now);
  // The straight line carries the unscheduled traffic (webhooks, manual runs); the schedules' forecast what
  // the active executables will fire. The larger one is the projection, so neither is counted twice.
  const projected = Math.max(straightLine, used + scheduled.computeUnits);
  const rpcTotal = daily.reduce((sum, d) => sum + d.rpcRequests, 0);
  const rpcBilled = Math.min(billedRpc, rpcTotal);
  return {
    workspaceId,
    plan: { id: plan.id, name: plan.name, priceUsdPerMonth: plan.priceUsdPerMonth },
    cycle: { start: cycle.start.toISOString(), end: cycle.end.toISOString() },
    computeUnits: {
      used,
      included,
      projected,
      overage: overageOf(plan, used),
      projectedOverage: overageOf(plan, projected),
      onExhaustion: plan.computeUnitsOverage,
      exhausted: plan.computeUnitsOverage === 'refuse' && used >= included,
      alert: computeUnitsAlert(used, included),
    },
    projection: {
      straightLine,
      scheduled,
    },
    rpcRequests: {
      total: rpcTotal,
      freePerExecution: plan.freeRpcRequestsPerExecution,
      free: rpcTotal - rpcBilled,
      billed: rpcBilled,
    },
    gasCredits: { includedUsd: plan.gasCreditsUsd },
    executions: daily.reduce((sum, d) => sum + d.executions, 0),
    ...allowances,
    daily: daily.map(({ rpcRequests: _, ...d }) => d),
  } satisfies UsageRecord;
}
