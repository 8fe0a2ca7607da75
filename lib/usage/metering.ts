import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { usageDaily } from '@/db/schema';
import { PLANS, type Plan } from './plans';

/** The RPC requests of one run beyond its plan's free allowance per execution (the billed ones). */
export function billedRpcRequests(rpcRequests: number, freePerExecution: number) {
  return Math.max(0, rpcRequests - freePerExecution);
}

/**
 * Compute units of one run: one per started second of sandbox wall time (at least one), plus one per ten
 * requests the task made to the web or to the chain beyond the plan's free RPC requests per execution (Free 0,
 * Pro 25, Enterprise 100). Documented in docs/executions.md and docs/plans.md.
 */
export function computeUnitsOf(
  run: { durationMs: number; rpcRequests: number; fetchRequests: number },
  plan: Pick<Plan, 'freeRpcRequestsPerExecution'> = PLANS.free,
) {
  const rpc = billedRpcRequests(run.rpcRequests, plan.freeRpcRequestsPerExecution);
  return Math.max(1, Math.ceil(run.durationMs / 1000)) + Math.floor((rpc + run.fetchRequests) / 10);
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

/**
 * Adds usage to the workspace's counters of the current UTC day without counting an execution: a callback's
 * compute units and RPC requests (lib/executions/callback-run.ts), which belong to the execution it followed.
 */
export async function meterUsage(
  db: DbOrTx,
  workspaceId: string,
  usage: { computeUnits: number; rpcRequests: number },
) {
  const day = new Date().toISOString().slice(0, 10);
  await db
    .insert(usageDaily)
    .values({
      workspaceId,
      day,
      computeUnits: usage.computeUnits,
      executions: 0,
      rpcRequests: usage.rpcRequests,
    })
    .onConflictDoUpdate({
      target: [usageDaily.workspaceId, usageDaily.day],
      set: {
        computeUnits: sql`${usageDaily.computeUnits} + excluded.compute_units`,
        rpcRequests: sql`${usageDaily.rpcRequests} + excluded.rpc_requests`,
      },
    });
}
