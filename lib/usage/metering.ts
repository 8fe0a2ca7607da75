import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { usageDaily } from '@/db/schema';

/**
 * Compute units of one run: one per started second of sandbox wall time (at least one), plus one per ten
 * requests the task made to the chain or the web. Documented in docs/executions.md.
 */
export function computeUnitsOf(run: { durationMs: number; rpcRequests: number; fetchRequests: number }) {
  return (
    Math.max(1, Math.ceil(run.durationMs / 1000)) + Math.floor((run.rpcRequests + run.fetchRequests) / 10)
  );
}

/** Adds a finished execution to the workspace's counters of the current UTC day. */
export async function meterExecution(
  db: DbOrTx,
  workspaceId: string,
  run: { computeUnits: number; rpcRequests: number },
) {
  const day = new Date().toISOString().slice(0, 10);
  await db
    .insert(usageDaily)
    .values({ workspaceId, day, computeUnits: run.computeUnits, executions: 1, rpcRequests: run.rpcRequests })
    .onConflictDoUpdate({
      target: [usageDaily.workspaceId, usageDaily.day],
      set: {
        computeUnits: sql`${usageDaily.computeUnits} + excluded.compute_units`,
        executions: sql`${usageDaily.executions} + 1`,
        rpcRequests: sql`${usageDaily.rpcRequests} + excluded.rpc_requests`,
      },
    });
}
