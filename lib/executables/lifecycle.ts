import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { REGENERABLE_EXECUTABLE_STATES } from '@/db/enums';
import { executables } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { argsAuditFacts } from '@/lib/audit/args-facts';
import { recordAudit } from '@/lib/audit/log';
import { requireRelease } from '@/lib/functions/service';
import { enqueue } from '@/lib/jobs/port';
import { log } from '@/lib/log';
import { requireProfile } from '@/lib/profiles/service';
import { discardSandbox } from '@/lib/runtime/runners/discard';
import { nextRunAt } from '@/lib/schedules/clock';
import {
  type ExecutableRow,
  mutate,
  queueProvisioning,
  requireExecutable,
  stateConflict,
  toExecutable,
} from './service';
import { checkArgs, checkCoverage, usableProfile, usableRelease } from './validation';

// State transitions: pause, resume, delete, reprovision, regenerate and the function switch, each in the audit log.

/** The state an executable left, for its audit event. */
const fromState = (before: ExecutableRow) => ({ previousState: before.state });

export async function pauseExecutable(db: DbOrTx, workspaceId: string, actor: Actor, executableId: string) {
  const audit = { actor, action: 'executable.paused', details: fromState } as const;
  return toExecutable(
    await mutate(db, workspaceId, executableId, audit, async (row) => {
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
export async function resumeExecutable(db: DbOrTx, workspaceId: string, actor: Actor, executableId: string) {
  const audit = { actor, action: 'executable.resumed', details: fromState } as const;
  return toExecutable(
    await mutate(db, workspaceId, executableId, audit, async (row, tx) => {
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
      await checkCoverage(await requireRelease(tx, workspaceId, row.functionId), profile, row.args);
      return { state: 'active', stateReason: null, nextRunAt: nextRunAt(row.trigger) };
    }),
  );
}

/**
 * paused, provisioning or error → deleted (a pending function switch is dropped, so its build commits nothing);
 * active is refused until paused; deleted is 404.
 */
export async function deleteExecutable(db: DbOrTx, workspaceId: string, actor: Actor, executableId: string) {
  const audit = { actor, action: 'executable.deleted', details: fromState } as const;
  const row = await mutate(db, workspaceId, executableId, audit, async (r) => {
    if (r.state === 'active')
      throw stateConflict('executable_active', r, 'an active executable cannot be deleted; pause it first');
    return { state: 'deleted', deletedAt: new Date(), nextRunAt: null, pendingFunctionSwitch: null };
  });
  // After the commit: the executable's sandbox (Daytona's) is freed, best effort.
  await discardSandbox(row.sandboxRuntime, row.sandboxRef);
  return toExecutable(row);
}

/** error → provisioning, and the sandbox build is queued again. */
export async function reprovisionExecutable(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  executableId: string,
) {
  const audit = { actor, action: 'executable.reprovisioned', details: fromState } as const;
  const row = await mutate(db, workspaceId, executableId, audit, async (r) => {
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
export async function regenerateExecutable(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  executableId: string,
) {
  const audit = { actor, action: 'executable.regenerated', details: fromState } as const;
  const row = await mutate(db, workspaceId, executableId, audit, async (r) => {
    if (!(REGENERABLE_EXECUTABLE_STATES as readonly string[]).includes(r.state))
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
  actor: Actor,
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
    apiError('function_switch_pending', 'a function switch is already being built', {
      state: r.state,
      pendingFunctionSwitch: r.pendingFunctionSwitch,
    });
  if (row.pendingFunctionSwitch) throw pendingConflict(row);
  const release = await usableRelease(db, workspaceId, row.projectId, input.functionId);
  if (input.args !== undefined) checkArgs(input.args);
  await checkCoverage(release, await requireProfile(db, workspaceId, row.profileId), input.args ?? row.args);

  const pending = {
    functionId: release.id,
    ...(input.args !== undefined && { args: input.args }),
    requestId,
    requestedAt: new Date().toISOString(),
  };
  const marked = await db.transaction(async (tx) => {
    const [updated] = await tx
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
    if (updated)
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: 'executable.function_switch_requested',
        target: { type: 'executable', id: executableId },
        details: {
          name: row.name,
          previousFunctionId: row.functionId,
          functionId: release.id,
          ...(input.args !== undefined && argsAuditFacts(input.args)),
        },
      });
    return updated;
  });
  if (!marked) {
    // The update found the row changed since it was read: not paused any more, or another switch took it. That
    // switch may even be built and done by now, so a paused row without a pending switch still means "pending".
    const now = await requireExecutable(db, workspaceId, executableId);
    throw now.state === 'paused' ? pendingConflict(now) : mustBePaused(now);
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
