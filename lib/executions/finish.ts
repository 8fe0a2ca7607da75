import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { type FinalExecutionStatus, IN_FLIGHT_EXECUTION_STATUSES } from '@/db/enums';
import { executions } from '@/db/schema';
import type { SemanticError } from '@/db/schema/executions';
import { evaluateFinishedExecution } from '@/lib/alerts/evaluate-execution';
import { afterIncidentCommit } from '@/lib/alerts/incidents';
import { feeHoldOfEnding } from '@/lib/executables/fee-hold';
import { dispatchAfterRun } from '@/lib/follower/dispatch';
import { observeFinished } from '@/lib/metrics/observe';
import { placeholderPattern } from '@/lib/runtime/placeholder-hashes';
import type { JsonObject, PlannedCall } from '@/lib/runtime/task-types';
import { releaseStorage } from '@/lib/storage/lock';
import { meterExecution } from '@/lib/usage/metering';
import { markMined } from './broadcasts';
import { queueCallback, scheduleCallback } from './callbacks';

/** A failed ending with its semantic error. */
export const failed = (code: string, message: string) => ({
  status: 'failed' as const,
  error: { code, message },
});

/**
 * The run's message with the real transaction hash in place of the placeholder hashes a Defender action answered
 * (and returned, `return tx.hash`): its calls went out in that one transaction. Unchanged while no hash is known.
 */
function messageWithTransactionHash(executionId: string, txHash: string | undefined) {
  const hash = sql`coalesce(${txHash ?? null}::text, ${executions.txHash})`;
  return sql`case when ${hash} is null then ${executions.message}
    else regexp_replace(${executions.message}, ${placeholderPattern(executionId)}, ${hash}, 'g') end`;
}

/** Storage snapshots kept on the record (for webhook results) are capped; bigger ones are only committed. */
const SNAPSHOT_LIMIT_BYTES = 256 * 1024;

export type Ending = {
  status: FinalExecutionStatus;
  message?: string | null;
  error?: SemanticError | null;
  /** The mined transaction, when only the receipt names it (a user operation's bundle). */
  txHash?: string;
  /** The included user operation, when the run signed more than one (a re-priced replacement, a cancellation). */
  userOpHash?: string;
  gasUsed?: string;
  effectiveGasPrice?: string;
  blockNumber?: number;
  /** submitted_unknown: when the reconciler looks for the transaction. */
  reconcileAt?: Date;
  /** Set when the run measured its usage before ending (evaluation); else the row's own figures count. */
  usage?: { computeUnits: number; rpcRequests: number };
  /**
   * The claim an evaluation runs under (`startedAt`): it ends the run only while that claim stands. A run taken
   * over since ends nothing and leaves the storage lock to the run that took it.
   */
  claimedAt?: Date;
  /** The calls the run returned, for an onFail callback after a failed simulation (see callbacks.ts). */
  calls?: PlannedCall[];
  /**
   * The reconciler's ending of a `submitted_unknown` submission (reconcile.ts): the transition is out of
   * submitted_unknown instead of an unfinished status, `finishedAt` stays when the run ended as unknown, the
   * reconciler's next look is cleared, and usage is not metered again (it was when the run ended as unknown).
   */
  reconciled?: true;
  /**
   * `fee_cap_exceeded`: the max fee per gas (wei, decimal) the chain needed above the cap. The executable's runs are
   * held (fee-hold.ts) in this ending's transaction.
   */
  feeHold?: { requiredWei: string };
  /** submitted_unknown whose transactions the watcher still sees through (a cancellation not mined yet). */
  keepWatching?: true;
};

/**
 * Ends an execution in one transaction: its final status and figures, the workspace's usage counters (once:
 * only the transition out of an unfinished status counts), its alerts (the outbox rows of the incidents it
 * opens or resolves), the executable's fee hold (set by `feeHold`, lifted by a confirmation), and the storage: `commit` writes the run's object
 * (version + 1) when it changed; either way the run's lock is released (unless a fenced ending found its claim
 * taken over: see `Ending.claimedAt`). An ending that calls for a callback the release defines marks it pending
 * in the same transaction, and queues its job once committed (callbacks.ts). The one path by which an execution
 * reaches a final status, the reconciler's endings of unknown submissions included (`Ending.reconciled`).
 */
export async function finishExecution(
  db: DbOrTx,
  executionId: string,
  ending: Ending,
  storage?: { executableId: string; commit: JsonObject | null },
): Promise<boolean> {
  let incidents: string[] = [];
  const { ended, callback } = await db.transaction(async (tx) => {
    const snapshot =
      storage?.commit && Buffer.byteLength(JSON.stringify(storage.commit)) <= SNAPSHOT_LIMIT_BYTES
        ? storage.commit
        : null;
    const [ended] = await tx
      .update(executions)
      .set({
        status: ending.status,
        message:
          ending.message !== undefined
            ? ending.message
            : messageWithTransactionHash(executionId, ending.txHash),
        ...(ending.error !== undefined && { error: ending.error }),
        ...(ending.txHash !== undefined && { txHash: ending.txHash }),
        ...(ending.userOpHash !== undefined && { userOpHash: ending.userOpHash }),
        ...(ending.gasUsed !== undefined && { gasUsed: ending.gasUsed }),
        ...(ending.effectiveGasPrice !== undefined && { effectiveGasPrice: ending.effectiveGasPrice }),
        ...(ending.blockNumber !== undefined && { blockNumber: ending.blockNumber }),
        ...(ending.reconcileAt && { reconcileAt: ending.reconcileAt }),
        ...(!ending.keepWatching && { watchAt: null }),
        ...(ending.usage && ending.usage),
        ...(snapshot && { storageSnapshot: snapshot }),
        ...(ending.reconciled
          ? { reconcileAt: null, finishedAt: sql`coalesce(${executions.finishedAt}, now())` }
          : { finishedAt: new Date() }),
      })
      .where(
        and(
          eq(executions.id, executionId),
          ending.reconciled
            ? eq(executions.status, 'submitted_unknown')
            : inArray(executions.status, [...IN_FLIGHT_EXECUTION_STATUSES]),
          ending.claimedAt ? eq(executions.startedAt, ending.claimedAt) : undefined,
        ),
      )
      .returning({
        workspaceId: executions.workspaceId,
        projectId: executions.projectId,
        executableId: executions.executableId,
        computeUnits: executions.computeUnits,
        rpcRequests: executions.rpcRequests,
        trigger: executions.trigger,
        scheduledAt: executions.scheduledAt,
        finishedAt: executions.finishedAt,
        functionId: executions.functionId,
        dryRun: executions.dryRun,
        txHash: executions.txHash,
        userOpHash: executions.userOpHash,
      });
    if (ended && !ending.reconciled) await meterExecution(tx, ended.workspaceId, ended);
    if (ended && ending.txHash && ending.blockNumber !== undefined)
      await markMined(tx, executionId, {
        blockNumber: ending.blockNumber,
        ...(ended.userOpHash
          ? { hash: ended.userOpHash, bundleTxHash: ending.txHash }
          : { hash: ending.txHash }),
      });
    if (ended) {
      incidents = await evaluateFinishedExecution(tx, { ...ended, ...ending, id: executionId });
      incidents.push(...(await feeHoldOfEnding(tx, { ...ended, id: executionId }, ending)));
    }
    if (storage && (ended || !ending.claimedAt))
      await releaseStorage(tx, storage.executableId, executionId, storage.commit);
    return { ended, callback: ended ? await scheduleCallback(tx, executionId, ended, ending) : false };
  });
  if (ended)
    observeFinished(
      { ...ended, status: ending.status },
      ending.reconciled ? new Date() : (ended.finishedAt ?? new Date()),
    );
  if (callback) await queueCallback(executionId);
  afterIncidentCommit(db, incidents);
  // the executable's next ready trigger event starts now, not at the chain follower's next tick
  if (ended) await dispatchAfterRun(db, ended.executableId);
  return Boolean(ended);
}
