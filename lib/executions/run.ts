import { and, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executionLogs, executions } from '@/db/schema';
import type { SubmittedCall } from '@/db/schema/executions';
import { submitterFor } from '@/lib/chains/submitters';
import { SubmissionError } from '@/lib/chains/submitters/types';
import { declaresCall } from '@/lib/functions/permissions';
import { loadReleaseCode } from '@/lib/functions/release-code';
import { chainBridge } from '@/lib/runtime/chain-bridge';
import { publicFetch } from '@/lib/runtime/fetch-bridge';
import { DEFAULT_TASK_LIMITS, runTask } from '@/lib/runtime/task-runner';
import type { PlannedCall, TaskLogLine, TaskOutcome } from '@/lib/runtime/task-types';
import { computeUnitsOf } from '@/lib/usage/metering';
import { boundSecrets, loadRunContext, type RunContext, refusalToRun, runArgs } from './context';
import { FINAL_STATUSES, finishExecution, lockStorage, releaseStorage } from './finish';

/**
 * How long a run may stay in evaluation (the task's wall limit plus simulation and broadcast): the storage
 * lock is held this long at most, and a run still evaluating after it is stale (its worker is gone).
 */
export const STALE_RUN_MS = DEFAULT_TASK_LIMITS.timeoutMs + 120_000;
/** How long the confirm step waits for a receipt before the run becomes submitted_unknown. */
export const RECEIPT_WAIT_MS = 60_000;

export type RunPlan = { action: 'evaluate' } | { action: 'confirm' } | { action: 'skip'; reason: string };

/**
 * Step 1: claims a pending execution (→ running). A run that was cut short is picked up where it stands: one
 * still running or simulating has sent nothing (the hash is recorded before any broadcast) and is evaluated
 * again once stale; a submitted one only waits for its receipt. Finished ones are left alone.
 */
export async function claimExecution(db: DbOrTx, executionId: string): Promise<RunPlan> {
  const [claimed] = await db
    .update(executions)
    .set({ status: 'running', startedAt: new Date() })
    .where(and(eq(executions.id, executionId), eq(executions.status, 'pending')))
    .returning({ id: executions.id });
  if (claimed) return { action: 'evaluate' };
  const [row] = await db
    .select({ status: executions.status })
    .from(executions)
    .where(eq(executions.id, executionId));
  if (!row) return { action: 'skip', reason: 'not found' };
  if (row.status === 'submitted') return { action: 'confirm' };
  if (row.status === 'running' || row.status === 'simulating') {
    // Taken over only once stale: a fresh one is being evaluated by another worker right now.
    const [taken] = await db
      .update(executions)
      .set({ startedAt: new Date() })
      .where(
        and(
          eq(executions.id, executionId),
          inArray(executions.status, ['running', 'simulating']),
          lt(executions.startedAt, new Date(Date.now() - STALE_RUN_MS)),
        ),
      )
      .returning({ id: executions.id });
    return taken ? { action: 'evaluate' } : { action: 'skip', reason: 'being evaluated' };
  }
  return { action: 'skip', reason: `status ${row.status}` };
}

const failure = (code: string, message: string) => ({ status: 'failed' as const, error: { code, message } });

/**
 * Step 2: runs the task and acts on its result. A skip ends the run (its storage committed); calls are checked
 * against the release's permissions.json, simulated from the profile's account, and, unless this is a dry
 * run, submitted: the transaction hash is recorded before the broadcast, and the storage is committed once
 * the network has accepted it. Task, permission and submission faults end the run as failed with a semantic
 * error; infrastructure faults throw so the job is retried.
 */
export async function evaluateExecution(
  db: DbOrTx,
  executionId: string,
): Promise<{ next: 'done' | 'confirm' }> {
  const ctx = await loadRunContext(db, executionId);
  if (!ctx) return { next: 'done' };
  const { execution, executable } = ctx;
  if (execution.status === 'submitted') return { next: 'confirm' };
  if ((FINAL_STATUSES as readonly string[]).includes(execution.status)) return { next: 'done' };

  const refusal = refusalToRun(ctx);
  if (refusal) {
    await finishExecution(db, executionId, failure('executable_unavailable', `not run: ${refusal}`));
    return { next: 'done' };
  }
  const storage = await lockStorage(db, executable.id, executionId, STALE_RUN_MS);
  if (!storage) {
    await finishExecution(db, executionId, failure('storage_locked', 'another run holds the storage lock'));
    return { next: 'done' };
  }
  const unlock = { executableId: executable.id, commit: null };
  let outcome: TaskOutcome;
  try {
    outcome = await evaluate(db, ctx, storage);
  } catch (error) {
    await releaseStorage(db, executable.id, executionId, null);
    throw error;
  }
  const usage = { computeUnits: computeUnitsOf(outcome), rpcRequests: outcome.rpcRequests };
  if (outcome.kind === 'error') {
    await finishExecution(
      db,
      executionId,
      { ...failure(outcome.error.code, outcome.error.message), usage },
      unlock,
    );
    return { next: 'done' };
  }
  const commit = outcome.storageChanged && !execution.dryRun ? outcome.storage : null;
  if (outcome.kind === 'skip') {
    await finishExecution(
      db,
      executionId,
      { status: 'skipped', message: outcome.message, usage },
      { executableId: executable.id, commit },
    );
    return { next: 'done' };
  }

  const { calls, message } = outcome;
  await db
    .update(executions)
    .set({ status: 'simulating', message, calls: calls.map(callMetadata), ...usage })
    .where(eq(executions.id, executionId));
  const undeclared = calls.findIndex((call) => !declaresCall(ctx.release.permissions, call));
  if (undeclared >= 0) {
    const call = calls[undeclared];
    await finishExecution(
      db,
      executionId,
      failure(
        'call_not_permitted',
        `call #${undeclared} (${call.data.slice(0, 10)} on ${call.to}) is not declared in the release's permissions.json`,
      ),
      unlock,
    );
    return { next: 'done' };
  }
  try {
    const submitter = submitterFor({ db, profile: ctx.profile, gasMode: executable.gasMode });
    const { gasEstimate } = await submitter.simulate(calls);
    if (execution.dryRun) {
      const summary = `dry run: ${calls.length} call${calls.length === 1 ? '' : 's'} simulated successfully (gas ≈ ${gasEstimate}); nothing was submitted`;
      await appendLogs(db, executionId, [{ level: 'info', message: summary, at: new Date().toISOString() }]);
      await finishExecution(db, executionId, { status: 'skipped', message: message ?? summary }, unlock);
      return { next: 'done' };
    }
    await submitter.submit(calls, async ({ txHash, nonce }) => {
      await db
        .update(executions)
        .set({ status: 'submitted', txHash, nonce })
        .where(and(eq(executions.id, executionId), inArray(executions.status, ['running', 'simulating'])));
    });
  } catch (error) {
    if (!(error instanceof SubmissionError)) {
      await releaseStorage(db, executable.id, executionId, null);
      throw error;
    }
    if (error.code !== 'broadcast_unknown') {
      await finishExecution(db, executionId, failure(error.code, error.message), unlock);
      return { next: 'done' };
    }
    // The node did not answer the broadcast: the recorded transaction may still be mined, so it is confirmed
    // (or found missing) like any other.
  }
  await releaseStorage(db, executable.id, executionId, commit);
  return { next: 'confirm' };
}

/** Loads the code, secrets and args and runs the task; the logs are stored in order, whatever the outcome. */
async function evaluate(db: DbOrTx, ctx: RunContext, storage: Record<string, unknown>): Promise<TaskOutcome> {
  const { execution, executable } = ctx;
  const empty = { logs: [], storage, storageChanged: false, rpcRequests: 0, fetchRequests: 0, durationMs: 0 };
  const code = await loadReleaseCode(db, execution.functionId);
  if (!code.ok)
    return { ...empty, kind: 'error', error: { code: 'release_unavailable', message: code.reason } };
  const args = runArgs(ctx);
  if (!args)
    return {
      ...empty,
      kind: 'error',
      error: { code: 'invalid_arguments', message: 'the args are not a JSON object' },
    };
  const outcome = await runTask(
    {
      source: code.source,
      args,
      storage,
      secrets: await boundSecrets(db, executable),
      chainId: ctx.profile.chainId,
      execution: {
        id: execution.id,
        trigger: execution.trigger,
        scheduledAt: execution.scheduledAt.toISOString(),
        dryRun: execution.dryRun,
      },
    },
    {
      chainRequest: chainBridge((ctx.chain as NonNullable<RunContext['chain']>).rpcUrl),
      fetch: publicFetch({ allowPrivate: process.env.TICKWORK_SANDBOX_FETCH_PRIVATE === 'allow' }),
    },
  );
  await appendLogs(db, execution.id, outcome.logs);
  return outcome;
}

async function appendLogs(db: DbOrTx, executionId: string, logs: TaskLogLine[]) {
  if (logs.length === 0) return;
  await db
    .insert(executionLogs)
    .values(logs.map((l) => ({ executionId, level: l.level, message: l.message, at: new Date(l.at) })));
}

const callMetadata = (call: PlannedCall): SubmittedCall => ({
  to: call.to,
  selector: call.data.length >= 10 ? call.data.slice(0, 10) : '0x',
  ...(call.value !== '0' && { value: call.value }),
});

/**
 * Step 3: waits for the receipt of a submitted run → confirmed (gas used, effective price, block), failed
 * (reverted on chain, with the decoded reason when there is one) or submitted_unknown (no receipt in time).
 */
export async function confirmExecution(db: DbOrTx, executionId: string): Promise<{ status: string }> {
  const ctx = await loadRunContext(db, executionId);
  if (ctx?.execution.status !== 'submitted' || !ctx.execution.txHash)
    return { status: ctx?.execution.status ?? 'gone' };
  const submitter = submitterFor({ db, profile: ctx.profile, gasMode: ctx.executable.gasMode });
  const receipt = await submitter.confirm(ctx.execution.txHash as `0x${string}`, RECEIPT_WAIT_MS);
  if (receipt.status === 'unknown') {
    await finishExecution(db, executionId, {
      status: 'submitted_unknown',
      error: {
        code: 'receipt_timeout',
        message: `no receipt for ${receipt.txHash} within ${RECEIPT_WAIT_MS / 1000} s`,
      },
    });
    return { status: 'submitted_unknown' };
  }
  const figures = {
    gasUsed: receipt.gasUsed,
    effectiveGasPrice: receipt.effectiveGasPrice,
    blockNumber: receipt.blockNumber,
  };
  if (receipt.status === 'confirmed') {
    await finishExecution(db, executionId, { status: 'confirmed', ...figures });
    return { status: 'confirmed' };
  }
  await finishExecution(db, executionId, {
    ...failure(
      receipt.error?.code ?? 'execution_reverted',
      receipt.error?.message ?? 'the transaction reverted',
    ),
    ...figures,
  });
  return { status: 'failed' };
}
