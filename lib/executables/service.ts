import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables } from '@/db/schema';
import type { Trigger } from '@/db/schema/executables';
import { ApiError, notFound } from '@/lib/api/errors';
import { decodeCursor, toPage } from '@/lib/api/pagination';
import { requireRelease } from '@/lib/functions/service';
import { newId } from '@/lib/ids';
import { enqueue } from '@/lib/jobs/enqueue';
import { log } from '@/lib/log';
import { requireProfile } from '@/lib/profiles/service';
import { requireProject } from '@/lib/projects/service';
import type { CreateExecutableInput, SecretBindingInput } from './schemas';
import { nextRunAt, validateTrigger } from './triggers';
import {
  checkArgs,
  checkCoverage,
  checkGasMode,
  checkSandboxRuntime,
  checkSecretBindings,
  defaultGasMode,
  enforceExecutableLimit,
  usableProfile,
  usableRelease,
} from './validation';

type ExecutableRow = typeof executables.$inferSelect;
type GasMode = ExecutableRow['gasMode'];

/** The API record (sandboxRef, deletedAt and workspaceId stay inside). */
export function toExecutable(r: ExecutableRow) {
  return {
    id: r.id,
    projectId: r.projectId,
    functionId: r.functionId,
    profileId: r.profileId,
    name: r.name,
    state: r.state,
    stateReason: r.stateReason,
    trigger: r.trigger,
    nextRunAt: r.nextRunAt?.toISOString() ?? null,
    args: r.args,
    secretBindings: r.secretBindings,
    gasMode: r.gasMode,
    gasFallback: r.gasFallback,
    sponsorshipProvider: r.sponsorshipProvider,
    sandboxRuntime: r.sandboxRuntime,
    pinned: r.pinned,
    ...(r.pendingFunctionSwitch && { pendingFunctionSwitch: r.pendingFunctionSwitch }),
    lastFunctionSwitchError: r.lastFunctionSwitchError,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function queueProvisioning(db: DbOrTx, row: ExecutableRow): Promise<ExecutableRow> {
  try {
    await enqueue('executable/provision.requested', { executableId: row.id });
    return row;
  } catch (error) {
    log.error({ err: error, executableId: row.id }, 'queueing executable provisioning failed');
    const [marked] = await db
      .update(executables)
      .set({ state: 'error', stateReason: 'provisioning could not be queued; POST reprovision' })
      .where(eq(executables.id, row.id))
      .returning();
    return marked;
  }
}

/** Validates everything, then inserts a provisioning executable and queues its sandbox build. */
export async function createExecutable(db: DbOrTx, workspaceId: string, input: CreateExecutableInput) {
  const row = await db.transaction(async (tx) => {
    await requireProject(tx, workspaceId, input.projectId);
    const release = await usableRelease(tx, workspaceId, input.projectId, input.functionId);
    const profile = await usableProfile(tx, workspaceId, input.projectId, input.profileId);
    const trigger = validateTrigger(input.trigger);
    const gasMode = input.gasMode ?? defaultGasMode(profile.kind);
    checkGasMode(profile.kind, gasMode);
    const sandboxRuntime = checkSandboxRuntime(input.sandboxRuntime ?? 'daytona');
    const args = checkArgs(input.args ?? '{}');
    const secretBindings = await checkSecretBindings(
      tx,
      workspaceId,
      input.projectId,
      input.secretBindings ?? [],
    );
    checkCoverage(release, profile);
    await enforceExecutableLimit(tx, workspaceId);
    const [created] = await tx
      .insert(executables)
      .values({
        id: newId('executable'),
        workspaceId,
        projectId: input.projectId,
        functionId: release.id,
        profileId: profile.id,
        name: input.name,
        state: 'provisioning',
        trigger,
        args,
        secretBindings,
        gasMode,
        gasFallback: input.gasFallback ?? false,
        sponsorshipProvider: input.sponsorshipProvider ?? null,
        sandboxRuntime,
      })
      .returning();
    return created;
  });
  return toExecutable(await queueProvisioning(db, row));
}

/** Non-deleted executables of a project, newest first. */
export async function listExecutables(
  db: DbOrTx,
  workspaceId: string,
  opts: { projectId: string; limit: number; cursor?: string },
) {
  await requireProject(db, workspaceId, opts.projectId);
  const after = decodeCursor(opts.cursor);
  const rows = await db
    .select()
    .from(executables)
    .where(
      and(
        eq(executables.projectId, opts.projectId),
        eq(executables.workspaceId, workspaceId),
        ne(executables.state, 'deleted'),
        after ? lt(executables.id, after) : undefined,
      ),
    )
    .orderBy(desc(executables.id))
    .limit(opts.limit + 1);
  const page = toPage(rows, opts.limit);
  return { ...page, data: page.data.map(toExecutable) };
}

/** A non-deleted executable of the workspace (404 otherwise); `lock` takes a row lock. */
export async function requireExecutable(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  opts: { lock?: boolean } = {},
): Promise<ExecutableRow> {
  const query = db
    .select()
    .from(executables)
    .where(
      and(
        eq(executables.id, executableId),
        eq(executables.workspaceId, workspaceId),
        ne(executables.state, 'deleted'),
      ),
    );
  const [row] = await (opts.lock ? query.for('update') : query);
  if (!row) throw notFound('executable');
  return row;
}

export const getExecutable = async (db: DbOrTx, workspaceId: string, executableId: string) =>
  toExecutable(await requireExecutable(db, workspaceId, executableId));

const stateConflict = (code: string, row: ExecutableRow, message: string) =>
  new ApiError(409, code, message, { state: row.state });

/** Locks the executable, lets `change` check it and compute the columns to set, writes them. */
async function mutate(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  change: (row: ExecutableRow, tx: DbOrTx) => Promise<Partial<typeof executables.$inferInsert>>,
) {
  const row = await db.transaction(async (tx) => {
    const current = await requireExecutable(tx, workspaceId, executableId, { lock: true });
    const set = await change(current, tx);
    const [updated] = await tx
      .update(executables)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(executables.id, executableId))
      .returning();
    return updated;
  });
  return row;
}

export async function updateArgs(db: DbOrTx, workspaceId: string, executableId: string, args: string) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row, tx) => {
      checkArgs(args);
      const release = await requireRelease(tx, workspaceId, row.functionId);
      const profile = await requireProfile(tx, workspaceId, row.profileId);
      checkCoverage(release, profile);
      return { args };
    }),
  );
}

export async function updateGasMode(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  input: { gasMode: GasMode; gasFallback?: boolean; sponsorshipProvider?: 'pimlico' | 'alchemy' },
) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row, tx) => {
      const profile = await requireProfile(tx, workspaceId, row.profileId);
      checkGasMode(profile.kind, input.gasMode);
      return {
        gasMode: input.gasMode,
        ...(input.gasFallback !== undefined && { gasFallback: input.gasFallback }),
        ...(input.sponsorshipProvider !== undefined && { sponsorshipProvider: input.sponsorshipProvider }),
      };
    }),
  );
}

export async function updatePinned(db: DbOrTx, workspaceId: string, executableId: string, pinned: boolean) {
  return toExecutable(await mutate(db, workspaceId, executableId, async () => ({ pinned })));
}

export async function updateProfile(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  profileId: string,
) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row, tx) => {
      const profile = await usableProfile(tx, workspaceId, row.projectId, profileId);
      checkGasMode(profile.kind, row.gasMode);
      checkCoverage(await requireRelease(tx, workspaceId, row.functionId), profile);
      return { profileId: profile.id };
    }),
  );
}

export async function updateSecrets(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  bindings: SecretBindingInput[],
) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row, tx) => ({
      secretBindings: await checkSecretBindings(tx, workspaceId, row.projectId, bindings),
    })),
  );
}

export async function updateSponsorshipProvider(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  sponsorshipProvider: 'pimlico' | 'alchemy',
) {
  return toExecutable(await mutate(db, workspaceId, executableId, async () => ({ sponsorshipProvider })));
}

/** A new schedule; an active executable's next run is recomputed from now. */
export async function updateTrigger(db: DbOrTx, workspaceId: string, executableId: string, input: Trigger) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row) => {
      const trigger = validateTrigger(input);
      return { trigger, ...(row.state === 'active' && { nextRunAt: nextRunAt(trigger) }) };
    }),
  );
}

/** active → paused; scheduling stops (next_run_at null). */
export async function pauseExecutable(db: DbOrTx, workspaceId: string, executableId: string) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row) => {
      if (row.state !== 'active')
        throw stateConflict(
          'executable_not_active',
          row,
          `only an active executable can be paused (it is ${row.state})`,
        );
      return { state: 'paused', nextRunAt: null };
    }),
  );
}

/** paused → active after rechecking profile and permissions; the next run is computed from now. */
export async function resumeExecutable(db: DbOrTx, workspaceId: string, executableId: string) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row, tx) => {
      if (row.state !== 'paused')
        throw stateConflict(
          'executable_not_paused',
          row,
          `only a paused executable can be resumed (it is ${row.state})`,
        );
      if (row.pendingFunctionSwitch)
        throw stateConflict(
          'function_switch_pending',
          row,
          'a function switch is being built; resume after it finishes',
        );
      if (!row.sandboxRef)
        throw stateConflict(
          'executable_not_ready',
          row,
          'the executable has no built sandbox; POST regenerate first',
        );
      const profile = await usableProfile(tx, workspaceId, row.projectId, row.profileId);
      checkCoverage(await requireRelease(tx, workspaceId, row.functionId), profile);
      return { state: 'active', stateReason: null, nextRunAt: nextRunAt(row.trigger) };
    }),
  );
}

/**
 * paused, provisioning or error → deleted (a pending function switch is dropped, so its build commits nothing);
 * active is refused until paused; deleted is 404.
 */
export async function deleteExecutable(db: DbOrTx, workspaceId: string, executableId: string) {
  return toExecutable(
    await mutate(db, workspaceId, executableId, async (row) => {
      if (row.state === 'active')
        throw stateConflict(
          'executable_active',
          row,
          'an active executable cannot be deleted; pause it first',
        );
      return { state: 'deleted', deletedAt: new Date(), nextRunAt: null, pendingFunctionSwitch: null };
    }),
  );
}

/** error → provisioning, and the sandbox build is queued again. */
export async function reprovisionExecutable(db: DbOrTx, workspaceId: string, executableId: string) {
  const row = await mutate(db, workspaceId, executableId, async (r) => {
    if (r.state !== 'error')
      throw stateConflict(
        'executable_not_in_error',
        r,
        `only an executable in error can be reprovisioned (it is ${r.state})`,
      );
    return { state: 'provisioning', stateReason: null, nextRunAt: null };
  });
  return toExecutable(await queueProvisioning(db, row));
}

/**
 * A fresh sandbox for the current release: active and error → provisioning (→ active when built); paused stays
 * paused and gets the new sandbox (→ error when the build fails). Refused while a function switch is pending.
 */
export async function regenerateExecutable(db: DbOrTx, workspaceId: string, executableId: string) {
  const row = await mutate(db, workspaceId, executableId, async (r) => {
    if (!['active', 'paused', 'error'].includes(r.state))
      throw stateConflict('executable_not_ready', r, `a ${r.state} executable cannot be regenerated`);
    if (r.pendingFunctionSwitch)
      throw stateConflict(
        'function_switch_pending',
        r,
        'a function switch is being built; regenerate after it finishes',
      );
    return r.state === 'paused'
      ? { stateReason: null }
      : { state: 'provisioning', stateReason: null, nextRunAt: null };
  });
  return toExecutable(await queueProvisioning(db, row));
}

/**
 * Paused only: validates the target release (and args), marks the switch pending with a conditional update (a
 * second switch meanwhile is 409 function_switch_pending) and queues the rebuild.
 */
export async function requestFunctionSwitch(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  input: { functionId: string; args?: string },
  requestId: string,
) {
  const row = await requireExecutable(db, workspaceId, executableId);
  const mustBePaused = (r: ExecutableRow) =>
    stateConflict(
      'executable_must_be_paused',
      r,
      `the function can be switched only while paused (it is ${r.state})`,
    );
  if (row.state !== 'paused') throw mustBePaused(row);
  const pendingConflict = (r: ExecutableRow) =>
    new ApiError(409, 'function_switch_pending', 'a function switch is already being built', {
      state: r.state,
      pendingFunctionSwitch: r.pendingFunctionSwitch,
    });
  if (row.pendingFunctionSwitch) throw pendingConflict(row);
  const release = await usableRelease(db, workspaceId, row.projectId, input.functionId);
  if (input.args !== undefined) checkArgs(input.args);
  checkCoverage(release, await requireProfile(db, workspaceId, row.profileId));

  const pending = {
    functionId: release.id,
    ...(input.args !== undefined && { args: input.args }),
    requestId,
    requestedAt: new Date().toISOString(),
  };
  const [marked] = await db
    .update(executables)
    .set({ pendingFunctionSwitch: pending, updatedAt: new Date() })
    .where(
      and(
        eq(executables.id, executableId),
        eq(executables.state, 'paused'),
        isNull(executables.pendingFunctionSwitch),
      ),
    )
    .returning({ id: executables.id });
  if (!marked) {
    const now = await requireExecutable(db, workspaceId, executableId);
    throw now.pendingFunctionSwitch ? pendingConflict(now) : mustBePaused(now);
  }
  try {
    await enqueue('executable/function-switch.requested', { executableId, requestId });
  } catch (error) {
    log.error({ err: error, executableId }, 'queueing a function switch failed');
    await db
      .update(executables)
      .set({ pendingFunctionSwitch: null })
      .where(
        and(
          eq(executables.id, executableId),
          sql`${executables.pendingFunctionSwitch}->>'requestId' = ${requestId}`,
        ),
      );
    throw error;
  }
  return { success: true as const, requestId, state: 'rebuilding' as const };
}
