// What a workspace's plan still allows of its counted resources: executables (not deleted) and function uploads
// this cycle. Shown beside the console's create buttons before a limit bites; the services enforce the same
// limits (`plan_limit_exceeded`).
import { and, count, eq, gte, ne } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables, functionReleases } from '@/db/schema';
import { currentCycle } from './cycle';
import type { Plan } from './plans';

/** How many are used, and the plan's limit (null: unlimited). */
export type Allowance = { used: number; limit: number | null };

export async function planAllowances(
  db: DbOrTx,
  workspaceId: string,
  plan: Plan,
  now = new Date(),
): Promise<{ executables: Allowance & { limit: number }; functionUploads: Allowance }> {
  const cycle = currentCycle(now);
  const [[executableCount], [uploadCount]] = await Promise.all([
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
  return {
    executables: { used: executableCount.n, limit: plan.executables },
    functionUploads: { used: uploadCount.n, limit: plan.functionUploadsPerCycle },
  };
}

/** What is left of an allowance (null: unlimited). */
export const leftOf = ({ used, limit }: Allowance) => (limit === null ? null : Math.max(0, limit - used));
