import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables } from '@/db/schema';
import { apiError, type ErrorCode, notFound } from '@/lib/api/errors';
import { decodeCursor, toPage } from '@/lib/api/pagination';
import type { AuditAction } from '@/lib/audit/actions';
import type { Actor } from '@/lib/audit/actor';
import { argsAuditFacts } from '@/lib/audit/args-facts';
import { recordAudit } from '@/lib/audit/log';
import { newId } from '@/lib/ids';
import { enqueue } from '@/lib/jobs/port';
import { log } from '@/lib/log';
import { requireProject } from '@/lib/projects/service';
import { resolvedRunner } from '@/lib/runtime/runners';
import { computeUnitsHold, computeUnitsStanding } from '@/lib/usage/limits';
import { checkTrigger } from './check-trigger';
import { defaultGasMode } from './gas-modes';
import type { CreateExecutableInput, ExecutableRecord } from './schemas';
import {
  checkArgs,
  checkCoverage,
  checkGasMode,
  checkPrivateSubmission,
  checkSandboxRuntime,
  checkSecretBindings,
  enforceExecutableLimit,
  usableProfile,
  usableRelease,
} from './validation';

export type ExecutableRow = typeof executables.$inferSelect;

/**
 * The API record (sandboxRef, deletedAt and workspaceId stay inside). Its trigger keeps the row's narrower type: a
 * stored chain trigger always names its chain.
 */
export function toExecutable(r: ExecutableRow): ExecutableRecord & { trigger: ExecutableRow['trigger'] } {
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
    maxFeePerGas: r.maxFeePerGas,
    maxCostPerRun: r.maxCostPerRun,
    privateSubmission: r.privateSubmission,
    feeHold: r.feeHeldSince
      ? { since: r.feeHeldSince.toISOString(), requiredMaxFeePerGas: r.feeHoldRequired ?? '0' }
      : null,
    sandboxRuntime: r.sandboxRuntime,
    sandboxRunner: resolvedRunner(r.sandboxRuntime),
    pinned: r.pinned,
    ...(r.pendingFunctionSwitch && { pendingFunctionSwitch: r.pendingFunctionSwitch }),
    lastFunctionSwitchError: r.lastFunctionSwitchError,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function queueProvisioning(db: DbOrTx, row: ExecutableRow): Promise<ExecutableRow> {
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
export async function createExecutable(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  input: CreateExecutableInput,
) {
  const row = await db.transaction(async (tx) => {
    await requireProject(tx, workspaceId, input.projectId, { lock: true });
    const release = await usableRelease(tx, workspaceId, input.projectId, input.functionId);
    const profile = await usableProfile(tx, workspaceId, input.projectId, input.profileId);
    const trigger = checkTrigger(input.trigger, profile.chainId);
    const gasMode = input.gasMode ?? defaultGasMode(profile.kind);
    checkGasMode(profile.kind, gasMode);
    checkPrivateSubmission(profile.chainId, input.privateSubmission);
    const sandboxRuntime = checkSandboxRuntime(input.sandboxRuntime ?? 'daytona');
    // Without args, the release's default args (a Gelato userArgs.json) or an empty object.
    const givenArgs = input.args ?? release.defaultArgs ?? '{}';
    const args = checkArgs(givenArgs);
    const secretBindings = await checkSecretBindings(
      tx,
      workspaceId,
      input.projectId,
      input.secretBindings ?? [],
    );
    await checkCoverage(release, profile, givenArgs);
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
        maxFeePerGas: input.maxFeePerGas ?? null,
        maxCostPerRun: input.maxCostPerRun ?? null,
        privateSubmission: input.privateSubmission ?? 'auto',
        sandboxRuntime,
      })
      .returning();
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: 'executable.created',
      target: { type: 'executable', id: created.id },
      details: {
        name: created.name,
        projectId: created.projectId,
        functionId: created.functionId,
        profileId: created.profileId,
        trigger,
        gasMode,
        ...(created.maxFeePerGas && { maxFeePerGas: created.maxFeePerGas }),
        ...(created.maxCostPerRun && { maxCostPerRun: created.maxCostPerRun }),
        ...argsAuditFacts(args, 'set'),
        secrets: secretBindings.map((b) => b.envKey),
      },
    });
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
  const held = computeUnitsHold(await computeUnitsStanding(db, workspaceId));
  return { ...page, data: page.data.map((r) => withHold(toExecutable(r), r, held)) };
}

type Hold = ReturnType<typeof computeUnitsHold>;

/** `runsHeld` says why an active executable's runs are refused now (present only then). */
const withHold = (
  record: ReturnType<typeof toExecutable>,
  r: ExecutableRow,
  held: Hold,
): ReturnType<typeof toExecutable> & { runsHeld?: NonNullable<Hold> } =>
  held && r.state === 'active' ? { ...record, runsHeld: held } : record;

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

export async function getExecutable(db: DbOrTx, workspaceId: string, executableId: string) {
  const row = await requireExecutable(db, workspaceId, executableId);
  return withHold(toExecutable(row), row, computeUnitsHold(await computeUnitsStanding(db, workspaceId)));
}

export const stateConflict = (code: ErrorCode, row: ExecutableRow, message: string) =>
  apiError(code, message, { state: row.state });

type ExecutableChange = Partial<typeof executables.$inferInsert>;

/** The audit event of a change: who, which action, and the facts worth keeping (from the row before and the change). */
export type ExecutableAudit = {
  actor: Actor;
  action: AuditAction;
  details?: (before: ExecutableRow, change: ExecutableChange) => Record<string, unknown>;
};

/**
 * Locks the executable, lets `change` check it and compute the columns to set, writes them and records the audit
 * event in the same transaction.
 */
export async function mutate(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  audit: ExecutableAudit,
  change: (row: ExecutableRow, tx: DbOrTx) => Promise<ExecutableChange>,
) {
  const row = await db.transaction(async (tx) => {
    const current = await requireExecutable(tx, workspaceId, executableId, { lock: true });
    const set = await change(current, tx);
    const [updated] = await tx
      .update(executables)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(executables.id, executableId))
      .returning();
    await recordAudit(tx, {
      workspaceId,
      actor: audit.actor,
      action: audit.action,
      target: { type: 'executable', id: executableId },
      details: { name: current.name, ...audit.details?.(current, set) },
    });
    return updated;
  });
  return row;
}
