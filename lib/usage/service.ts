import { and, asc, count, eq, gte, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables, functionReleases, usageDaily } from '@/db/schema';
import { notFound } from '@/lib/api/errors';
import { getWorkspace } from '@/lib/workspaces/service';
import { currentCycle, projectToCycleEnd } from './cycle';
import { PLANS } from './plans';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Current-cycle usage and projection, plus the plan's count limits, for one workspace. */
export async function getUsage(db: DbOrTx, workspaceId: string, now = new Date()) {
  const workspace = await getWorkspace(db, workspaceId);
  if (!workspace) throw notFound('workspace');
  const plan = PLANS[workspace.plan];
  const cycle = currentCycle(now);

  const [daily, [executableCount], [uploadCount]] = await Promise.all([
    db
      .select({
        day: usageDaily.day,
        computeUnits: usageDaily.computeUnits,
        executions: usageDaily.executions,
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
    db
      .select({ n: count() })
      .from(executables)
      .where(and(eq(executables.workspaceId, workspaceId), ne(executables.state, 'deleted'))),
    db
      .select({ n: count() })
      .from(functionReleases)
      .where(
        // gte binds the Date through the column's encoder (a bare Date in a sql`` template fails to serialize)
        and(eq(functionReleases.workspaceId, workspaceId), gte(functionReleases.createdAt, cycle.start)),
      ),
  ]);

  const used = daily.reduce((sum, d) => sum + d.computeUnits, 0);
  return {
    workspaceId,
    plan: { id: plan.id, name: plan.name, priceUsdPerMonth: plan.priceUsdPerMonth },
    cycle: { start: cycle.start.toISOString(), end: cycle.end.toISOString() },
    computeUnits: {
      used,
      included: plan.computeUnitsPerMonth,
      projected: projectToCycleEnd(used, cycle, now),
    },
    executions: daily.reduce((sum, d) => sum + d.executions, 0),
    executables: { used: executableCount.n, limit: plan.executables },
    functionUploads: { used: uploadCount.n, limit: plan.functionUploadsPerCycle },
    daily,
  };
}
