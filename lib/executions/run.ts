import { and, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { isFinalExecutionStatus } from '@/db/enums';
import { executions } from '@/db/schema';
import { simulateWithFallback } from '@/lib/chains/submitters';
import { FeeCapExceeded, SubmissionError } from '@/lib/chains/submitters/types';
import { enqueue } from '@/lib/jobs/port';
import { observeClaim, observeSubmitted } from '@/lib/metrics/observe';
import { DEFAULT_TASK_LIMITS } from '@/lib/runtime/task-runner';
import type { JsonObject, TaskOutcome } from '@/lib/runtime/task-types';
import { lockStorageWaiting, releaseStorage } from '@/lib/storage/lock';
import { computeUnitsOf } from '@/lib/usage/metering';
import { markRefused, markSent, recordSubmission } from './broadcasts';
import { refusedCall } from './call-checks';
import { loadRunContext, refusalToRun } from './context';
import { type Ending, failed, finishExecution } from './finish';
import { recordReadPoint } from './read-point';
import { appendLogs, callMetadata, runReleaseTask } from './task';

/**
 * How long a run may stay in evaluation (the task's wall limit plus simulation and broadcast): the storage
 * lock is held this long at most, and a run still evaluating after it is stale (its worker is gone).
 */
export const STALE_RUN_MS = DEFAULT_TASK_LIMITS.timeoutMs + 120_000;

/**
 * How long a run waits for the storage lock before it fails `storage_locked`: the longest a callback of the
 * previous execution can hold it (its wall limit, plus a margin). Without callbacks the lock is only ever
 * contended by a run taken over from a dead worker, whose lock expires on its own.
 */
const RUN_LOCK_WAIT_MS = DEFAULT_TASK_LIMITS.timeoutMs + 5_000;

export type RunPlan =
  | { action: 'evaluate'; claimedAt: string }
  | { action: 'confirm' }
  | { action: 'skip'; reason: string };

/**
 * Step 1: claims a pending execution (→ running). A run that was cut short is picked up where it stands: one
 * still running or simulating has sent nothing (the hash is recorded before any broadcast) and is evaluated
 * again once nobody else can be evaluating it: at once when the caller holds the run's lease (`leased`: the
 * worker that had it is gone, see `lease.ts`), else once stale. A submitted one only waits for its receipt.
 * Finished ones are left alone. `claimedAt` (the new `startedAt`) fences the evaluation: a run taken over
 * after this claim can no longer record anything.
 */
export async function claimExecution(
  db: DbOrTx,
  executionId: string,
  opts: { leased?: boolean } = {},
): Promise<RunPlan> {
  const claimedAt = new Date();
  const [claimed] = await db
    .update(executions)
    .set({ status: 'running', startedAt: claimedAt })
    .where(and(eq(executions.id, executionId), eq(executions.status, 'pending')))
    .returning({ trigger: executions.trigger, scheduledAt: executions.scheduledAt });
  if (claimed) {
    observeClaim(claimed, claimedAt);
    return { action: 'evaluate', claimedAt: claimedAt.toISOString() };
  }
  const [row] = await db
    .select({ status: executions.status })
    .from(executions)
    .where(eq(executions.id, executionId));
  if (!row) return { action: 'skip', reason: 'not found' };
  if (row.status === 'submitted') return { action: 'confirm' };
  if (row.status === 'running' || row.status === 'simulating') {
    const [taken] = await db
      .update(executions)
      .set({ status: 'running', startedAt: claimedAt })
      .where(
        and(
          eq(executions.id, executionId),
          inArray(executions.status, ['running', 'simulating']),
          opts.leased ? undefined : lt(executions.startedAt, new Date(Date.now() - STALE_RUN_MS)),
        ),
      )
      .returning({ id: executions.id });
    return taken
      ? { action: 'evaluate', claimedAt: claimedAt.toISOString() }
      : { action: 'skip', reason: 'being evaluated' };
  }
  return { action: 'skip', reason: `status ${row.status}` };
}

/** The run was taken over after its claim (see `claimExecution`): it stops without recording anything. */
class RunTakenOver extends Error {}

/**
 * Step 2: runs the task and acts on its result. A skip ends the run (its storage committed); calls are checked
 * against the release's permissions.json (and, for Safe and roles profiles, refused when they administer the
 * profile itself without its owners' allowance: `call-checks.ts`), simulated from the profile's account, and,
 * unless this is a dry run, submitted: the transaction hash is recorded before the broadcast, and the storage is
 * committed once the network has accepted it. Task, permission and submission faults end the run as failed with
 * a semantic error; infrastructure faults throw so the job is retried.
 *
 * `claimedAt` is the claim this evaluation runs under: every write is conditioned on it, so a run taken over
 * meanwhile (its lease lost, or stale) records nothing, ends nothing, and above all broadcasts nothing.
 */
export async function evaluateExecution(
  db: DbOrTx,
  executionId: string,
  claimedAt?: string,
): Promise<{ next: 'done' | 'confirm' }> {
  const ctx = await loadRunContext(db, executionId);
  if (!ctx) return { next: 'done' };
  const { execution, executable } = ctx;
  if (execution.status === 'submitted') return { next: 'confirm' };
  if (isFinalExecutionStatus(execution.status)) return { next: 'done' };
  const claim = claimedAt ? new Date(claimedAt) : undefined;
  if (claim && execution.startedAt?.getTime() !== claim.getTime()) return { next: 'done' };
  const stillClaimed = claim ? eq(executions.startedAt, claim) : undefined;
  const finish = (ending: Ending, storage?: { executableId: string; commit: JsonObject | null }) =>
    finishExecution(db, executionId, { ...ending, claimedAt: claim }, storage);

  const refusal = refusalToRun(ctx);
  if (refusal) {
    await finish(failed('executable_unavailable', `not run: ${refusal}`));
    return { next: 'done' };
  }
  const storage = await lockStorageWaiting(db, executable.id, executionId, STALE_RUN_MS, RUN_LOCK_WAIT_MS);
  if (!storage) {
    await finish(failed('storage_locked', 'another run holds the storage lock'));
    return { next: 'done' };
  }
  const unlock = { executableId: executable.id, commit: null };
  let outcome: TaskOutcome;
  try {
    // The head is asked for before the task starts and recorded while it runs: no round trip added to the run.
    const readPoint = recordReadPoint(db, ctx).then(
      () => null,
      (error: unknown) => error,
    );
    outcome = await runReleaseTask(db, ctx, storage);
    const readPointFault = await readPoint;
    if (readPointFault) throw readPointFault;
  } catch (error) {
    await releaseStorage(db, executable.id, executionId, null);
    throw error;
  }
  const usage = { computeUnits: computeUnitsOf(outcome, ctx.plan), rpcRequests: outcome.rpcRequests };
  if (outcome.kind === 'error') {
    await finish({ ...failed(outcome.error.code, outcome.error.message), usage }, unlock);
    return { next: 'done' };
  }
  const commit = outcome.storageChanged && !execution.dryRun ? outcome.storage : null;
  if (outcome.kind === 'skip') {
    await finish(
      { status: 'skipped', message: outcome.message, usage },
      { executableId: executable.id, commit },
    );
    return { next: 'done' };
  }

  const { calls, message } = outcome;
  const [simulating] = await db
    .update(executions)
    .set({ status: 'simulating', message, calls: calls.map(callMetadata), ...usage })
    .where(and(eq(executions.id, executionId), eq(executions.status, 'running'), stillClaimed))
    .returning({ id: executions.id });
  if (!simulating) return { next: 'done' }; // taken over: the run that took it owns it now
  let refused: string | null;
  try {
    refused = await refusedCall(ctx, calls);
  } catch (error) {
    await releaseStorage(db, executable.id, executionId, null);
    throw error;
  }
  if (refused) {
    await finish(failed('call_not_permitted', refused), unlock);
    return { next: 'done' };
  }
  let sentHash: string | null = null;
  try {
    const { submitter, gasEstimate, fellBack } = await simulateWithFallback(
      {
        db,
        profile: ctx.profile,
        gasMode: executable.gasMode,
        sponsorshipProvider: executable.sponsorshipProvider,
        gasFallback: executable.gasFallback,
        caps: {
          maxFeePerGas: executable.maxFeePerGas === null ? null : BigInt(executable.maxFeePerGas),
          maxCostPerRun: executable.maxCostPerRun === null ? null : BigInt(executable.maxCostPerRun),
        },
        privateSubmission: executable.privateSubmission,
      },
      calls,
    );
    if (fellBack)
      await appendLogs(db, executionId, [
        {
          level: 'warn',
          message: `sponsored gas failed (${fellBack.code}: ${fellBack.message}); paying from the profile's own balance (gasFallback)`,
          at: new Date().toISOString(),
        },
      ]);
    if (execution.dryRun) {
      const summary = `dry run: ${calls.length} call${calls.length === 1 ? '' : 's'} simulated successfully (gas ≈ ${gasEstimate}); nothing was submitted`;
      await appendLogs(db, executionId, [{ level: 'info', message: summary, at: new Date().toISOString() }]);
      await finish({ status: 'skipped', message: message ?? summary }, unlock);
      return { next: 'done' };
    }
    const sent = await submitter.submit(calls, async (submission) => {
      // Recorded before the broadcast, and only while this run's claim stands: else nothing is sent.
      if (!(await recordSubmission(db, execution, ctx.chain, stillClaimed, submission)))
        throw new RunTakenOver();
      sentHash = submission.txHash ?? submission.userOpHash;
    });
    await markSent(db, executionId, sent.txHash ?? sent.userOpHash);
    observeSubmitted(execution);
  } catch (error) {
    if (error instanceof RunTakenOver) return { next: 'done' };
    if (!(error instanceof SubmissionError)) {
      await releaseStorage(db, executable.id, executionId, null);
      throw error;
    }
    if (error.code !== 'broadcast_unknown') {
      if (sentHash)
        await markRefused(db, executionId, sentHash, { code: error.code, message: error.message });
      const feeHold =
        error instanceof FeeCapExceeded && !execution.dryRun
          ? { requiredWei: error.requiredWei.toString() }
          : undefined;
      await finish({ ...failed(error.code, error.message), calls, feeHold }, unlock);
      // The owners changed the Safe: the profile is read again so its page shows what happened.
      if (error.code === 'module_not_enabled')
        await enqueue('profile/provision.requested', { profileId: ctx.profile.id });
      return { next: 'done' };
    }
    // The node did not answer the broadcast: the recorded transaction may still be mined, so it is confirmed
    // (or found missing) like any other.
  }
  await releaseStorage(db, executable.id, executionId, commit);
  return { next: 'confirm' };
}
