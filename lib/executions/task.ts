import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { DbOrTx } from '@/db/client';
import { executionLogs, executions } from '@/db/schema';
import type { SubmittedCall } from '@/db/schema/executions';
import { loadReleaseCode } from '@/lib/functions/release-code';
import { observeSandboxRun } from '@/lib/metrics/observe';
import { chainBridge } from '@/lib/runtime/chain-bridge';
import { publicFetch } from '@/lib/runtime/fetch-bridge';
import { sandboxRunner } from '@/lib/runtime/runners';
import type {
  CallbackInput,
  PlannedCall,
  RunOutcome,
  TaskError,
  TaskHost,
  TaskInput,
  TaskLogLine,
} from '@/lib/runtime/task-types';
import { loadTaskTrigger } from '@/lib/triggers/task-trigger';
import { boundSecrets, type RunContext, runArgs } from './context';

/** What a runner takes for one run (or callback) of an execution, or why it cannot run. */
export type PreparedRun = { ok: true; input: TaskInput; host: TaskHost } | { ok: false; error: TaskError };

/**
 * Loads the release's code, the args and the bound secrets of an execution and builds the runner's input and
 * host bridges (its chain and public fetch); `callback` makes it a callback's run. Shared by runs and callbacks.
 */
export async function prepareTaskRun(
  db: DbOrTx,
  ctx: RunContext,
  storage: Record<string, unknown>,
  callback?: CallbackInput,
): Promise<PreparedRun> {
  const { execution, executable } = ctx;
  const code = await loadReleaseCode(db, execution.functionId);
  if (!code.ok) return { ok: false, error: { code: 'release_unavailable', message: code.reason } };
  const args = runArgs(ctx);
  if (!args)
    return { ok: false, error: { code: 'invalid_arguments', message: 'the args are not a JSON object' } };
  const trigger = await loadTaskTrigger(db, execution.triggerEventId, executable.trigger);
  return {
    ok: true,
    input: {
      source: code.source,
      args,
      storage,
      secrets: await boundSecrets(db, executable),
      chainId: ctx.profile.chainId,
      execution: {
        id: execution.id,
        executableId: executable.id,
        sender: getAddress(ctx.profile.address),
        trigger: execution.trigger,
        scheduledAt: execution.scheduledAt.toISOString(),
        dryRun: execution.dryRun,
      },
      ...(callback && { callback }),
      ...(trigger && { trigger }),
    },
    host: {
      chainRequest: chainBridge(ctx.chain as NonNullable<RunContext['chain']>),
      fetch: publicFetch({ allowPrivate: process.env.TICKWORK_SANDBOX_FETCH_PRIVATE === 'allow' }),
    },
  };
}

/**
 * Loads the code, secrets and args and runs the task on the runner that serves the executable's runtime; the logs
 * and the runner are stored, whatever the outcome.
 */
export async function runReleaseTask(
  db: DbOrTx,
  ctx: RunContext,
  storage: Record<string, unknown>,
): Promise<RunOutcome> {
  const prepared = await prepareTaskRun(db, ctx, storage);
  if (!prepared.ok) {
    const empty = {
      logs: [],
      storage,
      storageChanged: false,
      rpcRequests: 0,
      fetchRequests: 0,
      durationMs: 0,
    };
    return { ...empty, kind: 'error', error: prepared.error };
  }
  const { execution, executable } = ctx;
  const runner = sandboxRunner(executable.sandboxRuntime);
  const outcome = await runner.run(prepared.input, prepared.host, {
    limits: ctx.release.limits,
    sandboxRef: executable.sandboxRef,
  });
  observeSandboxRun(runner.name, outcome);
  const runnerVersion = await runner.version();
  await Promise.all([
    appendLogs(db, execution.id, outcome.logs),
    db.update(executions).set({ runner: runner.name, runnerVersion }).where(eq(executions.id, execution.id)),
  ]);
  if (outcome.kind === 'callback') throw new Error('the runner answered a callback outcome for a run');
  return outcome;
}

export async function appendLogs(db: DbOrTx, executionId: string, logs: TaskLogLine[]) {
  if (logs.length === 0) return;
  await db
    .insert(executionLogs)
    .values(logs.map((l) => ({ executionId, level: l.level, message: l.message, at: new Date(l.at) })));
}

export const callMetadata = (call: PlannedCall): SubmittedCall => ({
  to: call.to,
  selector: call.data.length >= 10 ? call.data.slice(0, 10) : '0x',
  ...(call.value !== '0' && { value: call.value }),
});
