import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { executions, functionReleases } from '@/db/schema';
import type { CallbackOutcome, SemanticError } from '@/db/schema/executions';
import { idFloor } from '@/lib/ids';
import { enqueue, enqueueAll } from '@/lib/jobs/port';
import { log } from '@/lib/log';
import type { CallbackInput, PlannedCall } from '@/lib/runtime/task-types';

// Which callback an execution's ending calls for, and its scheduling: `executions.callback` is set to pending
// in the transaction that records the final status, and a job (`execution/callback.requested`) runs it
// (callback-run.ts). Only endings the callback contract names get one, and only when the release's
// definedCallbacks lists the callback.

/** The semantic error codes an onFail callback is told about, and the reason it gets. */
const FAIL_REASONS = {
  simulation_reverted: 'SimulationFailed',
  execution_reverted: 'ExecutionReverted',
  insufficient_funds: 'InsufficientFunds',
} as const;

export type CallbackEnding = {
  status: string;
  error?: SemanticError | null;
  /** The transaction the ending names (the receipt's, or the one recorded at submission). */
  txHash?: string | null;
  /** The calls the run returned: SimulationFailed hands them to onFail. */
  calls?: PlannedCall[];
};

/**
 * The callback an ending calls for: onSuccess after `confirmed` (with the transaction hash), onFail after
 * `failed` for a simulation revert (with the calls), an on-chain revert (with the hash) or a lack of funds. Any
 * other ending, and every dry run, gets none.
 */
function callbackFor(ending: CallbackEnding, dryRun: boolean): CallbackInput | null {
  if (dryRun) return null;
  if (ending.status === 'confirmed' && ending.txHash)
    return { name: 'onSuccess', event: { transactionHash: ending.txHash } };
  if (ending.status !== 'failed' || !ending.error) return null;
  const reason = FAIL_REASONS[ending.error.code as keyof typeof FAIL_REASONS];
  if (reason === 'SimulationFailed') return { name: 'onFail', event: { reason, calls: ending.calls ?? [] } };
  if (reason === 'ExecutionReverted' && ending.txHash)
    return { name: 'onFail', event: { reason, transactionHash: ending.txHash } };
  if (reason === 'InsufficientFunds') return { name: 'onFail', event: { reason } };
  return null;
}

/** The pending callback an ending gives on a release, or null when it calls for none the release defines. */
async function pendingCallback(
  db: DbOrTx,
  functionId: string,
  ending: CallbackEnding,
  dryRun: boolean,
): Promise<CallbackOutcome | null> {
  const callback = callbackFor(ending, dryRun);
  if (!callback) return null;
  const [release] = await db
    .select({ definedCallbacks: functionReleases.definedCallbacks })
    .from(functionReleases)
    .where(eq(functionReleases.id, functionId));
  if (!release?.definedCallbacks.includes(callback.name)) return null;
  return { name: callback.name, status: 'pending', event: callback.event };
}

/**
 * Inside the transaction that just ended the execution: marks its callback pending when the ending calls for
 * one the release defines. Answers whether it did (then queue it with `queueCallback` after the commit).
 */
export async function scheduleCallback(
  tx: DbOrTx,
  executionId: string,
  ended: { functionId: string; dryRun: boolean; txHash: string | null },
  ending: CallbackEnding,
): Promise<boolean> {
  const callback = await pendingCallback(
    tx,
    ended.functionId,
    { ...ending, txHash: ending.txHash ?? ended.txHash },
    ended.dryRun,
  );
  if (!callback) return false;
  await tx.update(executions).set({ callback }).where(eq(executions.id, executionId));
  return true;
}

/** Queues the callback job; a lost enqueue is picked up again by `requeueStrandedCallbacks`. */
export async function queueCallback(executionId: string) {
  try {
    await enqueue('execution/callback.requested', { executionId });
  } catch (error) {
    log.error({ err: error, executionId }, 'could not queue an execution callback');
  }
}

/** A pending callback whose job has not taken it after this long is queued again (by the scheduler's tick). */
const CALLBACK_GRACE_MS = 60_000;
/** Only callbacks of executions of the last day are looked for (a range on the time-sortable id). */
const CALLBACK_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/** Queues again the callbacks still pending a minute after their execution ended (their job was lost). */
export async function requeueStrandedCallbacks(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ id: executions.id })
    .from(executions)
    .where(
      and(
        gte(executions.id, idFloor('execution', now.getTime() - CALLBACK_LOOKBACK_MS)),
        inArray(executions.status, ['confirmed', 'failed']),
        sql`${executions.callback}->>'status' = 'pending'`,
        lt(executions.finishedAt, new Date(now.getTime() - CALLBACK_GRACE_MS)),
      ),
    )
    .limit(200);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return ids;
  try {
    await enqueueAll(
      'execution/callback.requested',
      ids.map((executionId) => ({ executionId })),
    );
  } catch (error) {
    log.error({ err: error, callbacks: ids.length }, 'could not queue execution callbacks');
  }
  return ids;
}
