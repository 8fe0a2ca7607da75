import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { SandboxRuntime } from '@/db/enums';
import { executables } from '@/db/schema';
import { evaluateFunctionSwitch } from '@/lib/alerts/evaluate-function-switch';
import { afterIncidentCommit } from '@/lib/alerts/incidents';
import { loadReleaseCode } from '@/lib/functions/release-code';
import { log } from '@/lib/log';
import { SandboxBuildError, sandboxRunner } from '@/lib/runtime/runners';
import { discardSandbox } from '@/lib/runtime/runners/discard';
import { nextRunAt } from '@/lib/schedules/clock';

/** A build outcome as a JSON value (a step result): the sandbox reference, or a readable reason. */
export type BuildResult = { ok: true; ref: string } | { ok: false; reason: string };

/**
 * Builds the sandbox of a release: loads its verified `index.js` and lets the runtime's runner compile and
 * check it. Bundle and build faults come back as `{ ok: false, reason }`; infrastructure failures (database)
 * throw, so the job is retried.
 */
export async function buildReleaseSandbox(
  db: DbOrTx,
  executableId: string,
  functionId: string,
  runtime: SandboxRuntime,
): Promise<BuildResult> {
  const code = await loadReleaseCode(db, functionId);
  if (!code.ok) return code;
  try {
    const { ref } = await sandboxRunner(runtime).build({
      checksum: code.checksum,
      source: code.source,
      executableId,
    });
    return { ok: true, ref };
  } catch (error) {
    if (error instanceof SandboxBuildError) return { ok: false, reason: error.message };
    log.error({ err: error, functionId }, 'sandbox build failed unexpectedly');
    return { ok: false, reason: 'the sandbox could not be built; POST reprovision to retry' };
  }
}

type ProvisionPlan =
  | { action: 'build'; functionId: string; runtime: SandboxRuntime; state: 'provisioning' | 'paused' }
  | { action: 'skip'; reason: string };

/** What the provisioning workflow should do: build (provisioning, or a paused regenerate) or nothing. */
export async function provisionPlan(db: DbOrTx, executableId: string): Promise<ProvisionPlan> {
  const [row] = await db.select().from(executables).where(eq(executables.id, executableId));
  if (!row) return { action: 'skip', reason: 'not found' };
  if (row.state !== 'provisioning' && row.state !== 'paused')
    return { action: 'skip', reason: `state ${row.state}` };
  if (row.state === 'paused' && row.pendingFunctionSwitch)
    return { action: 'skip', reason: 'a function switch is pending' };
  return { action: 'build', functionId: row.functionId, runtime: row.sandboxRuntime, state: row.state };
}

/**
 * Records a provisioning build: provisioning → active with the sandbox and the next run, or → error with the
 * reason; a paused executable (regenerate) gets the new sandbox or moves to error. Only the row still in the
 * planned state with the same function is touched.
 */
export async function commitProvisioning(
  db: DbOrTx,
  executableId: string,
  plan: { functionId: string; state: 'provisioning' | 'paused' },
  built: BuildResult,
): Promise<{ state: string | null }> {
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        trigger: executables.trigger,
        sandboxRef: executables.sandboxRef,
        sandboxRuntime: executables.sandboxRuntime,
      })
      .from(executables)
      .where(eq(executables.id, executableId))
      .for('update');
    if (!row) return null;
    const set = built.ok
      ? plan.state === 'provisioning'
        ? {
            state: 'active' as const,
            stateReason: null,
            sandboxRef: built.ref,
            nextRunAt: nextRunAt(row.trigger, now),
          }
        : { stateReason: null, sandboxRef: built.ref }
      : { state: 'error' as const, stateReason: built.reason, nextRunAt: null };
    const [updated] = await tx
      .update(executables)
      .set({ ...set, updatedAt: now })
      .where(
        and(
          eq(executables.id, executableId),
          eq(executables.state, plan.state),
          eq(executables.functionId, plan.functionId),
        ),
      )
      .returning({ state: executables.state });
    return { state: updated?.state ?? null, committed: Boolean(updated), before: row };
  });
  if (!result) return { state: null };
  if (built.ok) await afterSandboxCommit(result.before, built.ref, result.committed);
  return { state: result.state };
}

/**
 * After a build was committed (or not): a new sandbox that replaced another frees the old one; a new sandbox
 * that was not committed (the executable moved on meanwhile) is freed itself. `before` is the row as the commit
 * found it, so a commit step run twice finds its own sandbox in place and frees nothing.
 */
async function afterSandboxCommit(
  before: { sandboxRef: string | null; sandboxRuntime: SandboxRuntime },
  builtRef: string,
  committed: boolean,
) {
  if (before.sandboxRef === builtRef) return;
  await discardSandbox(before.sandboxRuntime, committed ? before.sandboxRef : builtRef);
}

type SwitchPlan =
  | { action: 'build'; functionId: string; runtime: SandboxRuntime }
  | { action: 'skip'; reason: string };

/** The pending switch named by `requestId`, or nothing (gone, superseded, already committed). */
export async function functionSwitchPlan(
  db: DbOrTx,
  executableId: string,
  requestId: string,
): Promise<SwitchPlan> {
  const [row] = await db.select().from(executables).where(eq(executables.id, executableId));
  if (!row) return { action: 'skip', reason: 'not found' };
  const pending = row.pendingFunctionSwitch;
  if (!pending || pending.requestId !== requestId)
    return { action: 'skip', reason: 'no such pending switch' };
  return { action: 'build', functionId: pending.functionId, runtime: row.sandboxRuntime };
}

/**
 * Ends a function switch in one statement: success commits function, optional args and sandbox and removes the
 * pending marker; failure removes the marker and records lastFunctionSwitchError (the previous function and
 * sandbox stay live).
 */
export async function commitFunctionSwitch(
  db: DbOrTx,
  executableId: string,
  requestId: string,
  built: BuildResult,
): Promise<{ committed: boolean }> {
  const now = new Date();
  const pending = sql`${executables.pendingFunctionSwitch}`;
  const set = built.ok
    ? {
        functionId: sql`${pending}->>'functionId'`,
        args: sql`coalesce(${pending}->>'args', ${executables.args})`,
        sandboxRef: built.ref,
        pendingFunctionSwitch: null,
        lastFunctionSwitchError: null,
      }
    : {
        pendingFunctionSwitch: null,
        lastFunctionSwitchError: sql`jsonb_build_object('functionId', ${pending}->>'functionId', 'message', ${built.reason}::text, 'at', ${now.toISOString()}::text)`,
      };
  let incidents: string[] = [];
  let found: { sandboxRef: string | null; sandboxRuntime: SandboxRuntime } | undefined;
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        functionId: sql<string>`${pending}->>'functionId'`,
        sandboxRef: executables.sandboxRef,
        sandboxRuntime: executables.sandboxRuntime,
      })
      .from(executables)
      .where(eq(executables.id, executableId))
      .for('update');
    found = before;
    const rows = await tx
      .update(executables)
      .set({ ...set, updatedAt: now } as never)
      .where(and(eq(executables.id, executableId), sql`${pending}->>'requestId' = ${requestId}`))
      .returning({
        id: executables.id,
        workspaceId: executables.workspaceId,
        projectId: executables.projectId,
        name: executables.name,
      });
    if (rows[0])
      incidents = await evaluateFunctionSwitch(
        tx,
        rows[0],
        built.ok ? { ok: true } : { ok: false, functionId: before?.functionId ?? '', reason: built.reason },
      );
    return rows;
  });
  afterIncidentCommit(db, incidents);
  if (built.ok && found) await afterSandboxCommit(found, built.ref, updated.length > 0);
  return { committed: updated.length > 0 && built.ok };
}
