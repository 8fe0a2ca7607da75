import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@/db/client';
import type { ExecutionTrigger } from '@/db/enums';
import { isUniqueViolation } from '@/db/errors';
import { executions, functionReleases, profiles } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import { type ExecutableRow, requireExecutable } from '@/lib/executables/service';
import { newId } from '@/lib/ids';
import { enqueue } from '@/lib/jobs/port';
import { assertComputeUnitsLeft } from '@/lib/usage/limits';
import { toExecution } from './queries';

export type ExecutionRow = typeof executions.$inferSelect;

export type QueueOptions = {
  trigger: ExecutionTrigger;
  dryRun: boolean;
  /** A webhook call's custom args (JSON text); null runs with the saved args. */
  args?: string | null;
  webhookId?: string | null;
  scheduledAt?: Date;
  /**
   * Runs first in the insert's transaction and may refuse by throwing: a check that must hold at the insert
   * (the webhook door's rate, under a lock). Without it the insert runs alone.
   */
  guard?: (tx: Tx) => Promise<void>;
  /** The execution's id, when the caller needs it before the insert (its guard records it elsewhere). */
  id?: string;
  /** The trigger event (lib/triggers) this execution runs: one execution per trigger event (a unique key). */
  triggerEventId?: string;
};

const executionInProgress = () =>
  apiError(
    'execution_in_progress',
    'the executable already has an execution in progress; try again when it ends',
  );

/**
 * Checks that an executable can run now: active (a dry run may also use a paused one with a built sandbox),
 * its function not deleted and its profile active. Refusals are 409 executable_unavailable saying why. Last,
 * a workspace on a plan that stops at its included compute units (Free) and has used them is refused with
 * 403 compute_units_exhausted (dry runs too: they run the task and cost compute units).
 */
export async function assertRunnable(db: DbOrTx, row: ExecutableRow, dryRun: boolean) {
  const unavailable = (why: string) => apiError('executable_unavailable', why, { state: row.state });
  const runnable = row.state === 'active' || (dryRun && row.state === 'paused' && row.sandboxRef);
  if (!runnable)
    throw unavailable(
      dryRun
        ? `only an active or paused (built) executable can be simulated (it is ${row.state})`
        : `only an active executable can run (it is ${row.state})`,
    );
  const [release] = await db
    .select({ id: functionReleases.id })
    .from(functionReleases)
    .where(and(eq(functionReleases.id, row.functionId), isNull(functionReleases.deletedAt)));
  if (!release) throw unavailable('the function release of this executable was deleted');
  const [profile] = await db
    .select({ state: profiles.state, chainId: profiles.chainId })
    .from(profiles)
    .where(eq(profiles.id, row.profileId));
  if (profile?.state !== 'active')
    throw unavailable(`the profile of this executable is ${profile?.state ?? 'gone'}, not active`);
  await assertComputeUnitsLeft(db, row.workspaceId);
  return { chainId: profile.chainId };
}

/**
 * Inserts a pending execution and queues its run. At most one execution per executable is unfinished (a
 * partial unique index), so a second one is refused with 409 execution_in_progress. If the job cannot be
 * queued the row is removed again: nothing half-written is left behind. With a `guard`, the job is queued only
 * once the guard's transaction has ended, so the worker finds the row.
 */
export async function queueExecution(
  db: DbOrTx,
  row: ExecutableRow,
  chainId: number,
  opts: QueueOptions,
): Promise<ExecutionRow> {
  const insert = (q: DbOrTx) =>
    q
      .insert(executions)
      .values({
        id: opts.id ?? newId('execution'),
        workspaceId: row.workspaceId,
        projectId: row.projectId,
        executableId: row.id,
        functionId: row.functionId,
        trigger: opts.trigger,
        dryRun: opts.dryRun,
        args: opts.args ?? null,
        webhookId: opts.webhookId ?? null,
        triggerEventId: opts.triggerEventId ?? null,
        chainId,
        scheduledAt: opts.scheduledAt ?? new Date(),
      })
      .returning();
  const { guard } = opts;
  let execution: ExecutionRow;
  try {
    [execution] = guard
      ? await db.transaction(async (tx) => {
          await guard(tx);
          return insert(tx);
        })
      : await insert(db);
  } catch (error) {
    if (isUniqueViolation(error)) throw executionInProgress();
    throw error;
  }
  try {
    await enqueue('execution/requested', { executionId: execution.id });
  } catch (error) {
    await db.delete(executions).where(eq(executions.id, execution.id));
    throw error;
  }
  return execution;
}

/** `POST …/run` and `…/simulate`: queues a manual run (or a dry run) of an executable now. */
export async function requestRun(db: DbOrTx, workspaceId: string, executableId: string, dryRun: boolean) {
  const row = await requireExecutable(db, workspaceId, executableId);
  const { chainId } = await assertRunnable(db, row, dryRun);
  return toExecution(
    await queueExecution(db, row, chainId, { trigger: dryRun ? 'simulate' : 'manual', dryRun }),
  );
}
