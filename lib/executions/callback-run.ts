import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executionLogs, executions } from '@/db/schema';
import type { CallbackOutcome } from '@/db/schema/executions';
import { sandboxRunner } from '@/lib/runtime/runners';
import { MAX_MESSAGE_BYTES } from '@/lib/runtime/task-runner/redact';
import type { CallbackInput, JsonObject, TaskError, TaskOutcome } from '@/lib/runtime/task-types';
import { lockStorageWaiting, releaseStorage } from '@/lib/storage/lock';
import { computeUnitsOf, meterUsage } from '@/lib/usage/metering';
import { loadRunContext, type RunContext } from './context';
import { STALE_RUN_MS } from './run';
import { prepareTaskRun } from './task';

// Runs an ended execution's pending callback once: claimed pending → running (a retried or duplicate job finds
// it running and does nothing), run in the executable's sandbox runner with the executable's storage under the
// storage lock, then its outcome recorded: storage committed when the callback changed it, its logs appended to
// the execution's (marked `data: { callback: name }`), its compute units and RPC requests added to the
// execution's and the workspace's usage, and `executions.callback` succeeded or failed. The execution's own
// status is never touched.

/** How long a callback waits for the storage lock another run holds before it fails `storage_locked`. */
const CALLBACK_LOCK_WAIT_MS = 60_000;

type Claimed = Required<Pick<CallbackOutcome, 'name' | 'event'>>;

/** pending → running; answers the callback to run, or null when there is none pending (already taken). */
async function claimCallback(db: DbOrTx, executionId: string): Promise<Claimed | null> {
  const [row] = await db
    .update(executions)
    .set({ callback: sql`${executions.callback} || '{"status":"running"}'::jsonb` })
    .where(and(eq(executions.id, executionId), sql`${executions.callback}->>'status' = 'pending'`))
    .returning({ callback: executions.callback });
  return row?.callback ? { name: row.callback.name, event: row.callback.event } : null;
}

type Ended = { outcome: TaskOutcome | null; error?: TaskError };

/**
 * The `execution/callback.requested` job's one step. Answers how it ended, or `skipped` when nothing was pending.
 * A fault after the claim (the database, the blob store) ends the callback failed (`callback_interrupted`)
 * rather than running it again.
 */
export async function runExecutionCallback(
  db: DbOrTx,
  executionId: string,
): Promise<{ status: 'succeeded' | 'failed' | 'skipped' }> {
  const claimed = await claimCallback(db, executionId);
  if (!claimed) return { status: 'skipped' };
  const ctx = await loadRunContext(db, executionId);
  if (!ctx) return { status: 'skipped' }; // the execution is gone with its executable
  const callback = claimed as CallbackInput;
  let ended: Ended;
  let locked = false;
  try {
    const storage = await lockStorageWaiting(
      db,
      ctx.executable.id,
      executionId,
      STALE_RUN_MS,
      CALLBACK_LOCK_WAIT_MS,
    );
    locked = storage !== null;
    ended = storage
      ? await runCallback(db, ctx, callback, storage)
      : {
          outcome: null,
          error: {
            code: 'storage_locked',
            message: `another run held the storage lock for ${CALLBACK_LOCK_WAIT_MS / 1000} s`,
          },
        };
  } catch (error) {
    if (locked) await releaseStorage(db, ctx.executable.id, executionId, null).catch(() => {});
    await recordCallback(db, ctx, callback, {
      outcome: null,
      error: {
        code: 'callback_interrupted',
        message: 'the callback was cut short by a fault of the platform; it is not run again',
      },
    }).catch(() => {});
    throw error;
  }
  return { status: await recordCallback(db, ctx, callback, ended) };
}

/** Runs the callback in the executable's sandbox runner with the run's context (args, secrets, chain, fetch). */
async function runCallback(
  db: DbOrTx,
  ctx: RunContext,
  callback: CallbackInput,
  storage: JsonObject,
): Promise<Ended> {
  const { executable } = ctx;
  if (executable.state === 'deleted')
    return {
      outcome: null,
      error: { code: 'executable_unavailable', message: 'the executable was deleted' },
    };
  if (!ctx.chain)
    return {
      outcome: null,
      error: {
        code: 'executable_unavailable',
        message: `chain ${ctx.profile.chainId} is not enabled on this deployment`,
      },
    };
  const prepared = await prepareTaskRun(db, ctx, storage, callback);
  if (!prepared.ok) return { outcome: null, error: prepared.error };
  const outcome = await sandboxRunner(executable.sandboxRuntime).run(prepared.input, prepared.host, {
    limits: ctx.release.limits,
    sandboxRef: executable.sandboxRef,
  });
  return outcome.kind === 'error' ? { outcome, error: outcome.error } : { outcome };
}

/**
 * Records the callback's end in one transaction (only while it is still this job's: `running`): storage commit
 * and lock release, logs, usage, and the callback's status.
 */
async function recordCallback(
  db: DbOrTx,
  ctx: RunContext,
  callback: CallbackInput,
  { outcome, error }: Ended,
): Promise<'succeeded' | 'failed'> {
  const status = error ? 'failed' : 'succeeded';
  const { execution, executable } = ctx;
  const usage = outcome
    ? { computeUnits: computeUnitsOf(outcome, ctx.plan), rpcRequests: outcome.rpcRequests }
    : { computeUnits: 0, rpcRequests: 0 };
  const record: CallbackOutcome = {
    name: callback.name,
    status,
    event: callback.event,
    ...(error && { error: { code: error.code, message: error.message.slice(0, MAX_MESSAGE_BYTES) } }),
    durationMs: outcome?.durationMs ?? 0,
    finishedAt: new Date().toISOString(),
  };
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(executions)
      .set({
        callback: record,
        computeUnits: sql`${executions.computeUnits} + ${usage.computeUnits}`,
        rpcRequests: sql`${executions.rpcRequests} + ${usage.rpcRequests}`,
      })
      .where(and(eq(executions.id, execution.id), sql`${executions.callback}->>'status' = 'running'`))
      .returning({ id: executions.id });
    const commit = updated && outcome?.kind === 'callback' && outcome.storageChanged ? outcome.storage : null;
    await releaseStorage(tx, executable.id, execution.id, commit);
    if (!updated) return;
    if (outcome && outcome.logs.length > 0)
      await tx.insert(executionLogs).values(
        outcome.logs.map((l) => ({
          executionId: execution.id,
          level: l.level,
          message: l.message,
          data: { callback: callback.name },
          at: new Date(l.at),
        })),
      );
    if (usage.computeUnits > 0) await meterUsage(tx, execution.workspaceId, usage);
  });
  return status;
}
