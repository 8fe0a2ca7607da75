import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { AlertKind } from '@/db/enums';
import { executables, executions } from '@/db/schema';
import { log } from '@/lib/log';
import { rulesInForce } from './in-force';
import { consoleUrl, openIncident, resolveIncidents } from './incidents';

/** Kinds a successful run clears for its executable. */
const CLEARED_BY_SUCCESS: AlertKind[] = [
  'execution_failed',
  'consecutive_failures',
  'dead_man',
  'nonce_blocked',
];

/** Endings that say the account's nonce is held by a transaction Tickwork could not clear (yet). */
const NONCE_BLOCKED_CODES = new Set(['nonce_blocked', 'cancellation_pending']);

type Finished = {
  id: string;
  workspaceId: string;
  projectId: string;
  executableId: string;
  trigger: string;
  status: string;
  error?: { code: string; message: string } | null;
};

/**
 * The alerts of an execution that just ended, in the transaction that wrote its final status: a failure opens
 * `execution_failed` and (once the last N finished runs all failed) `consecutive_failures` incidents for its
 * executable, and an ending whose account nonce is held (`nonce_blocked`, or a cancellation not mined yet)
 * `nonce_blocked`; a success (confirmed or skipped) resolves those and a `dead_man` one. Simulations do not count.
 * Answers the ids of the incidents opened or resolved (for `afterIncidentCommit`).
 */
export async function evaluateFinishedExecution(db: DbOrTx, run: Finished): Promise<string[]> {
  // a savepoint: an alert that cannot be written never keeps the run from ending
  try {
    return await db.transaction((tx) => evaluate(tx, run));
  } catch (error) {
    log.error({ err: error, executionId: run.id }, 'could not evaluate the alerts of an execution');
    return [];
  }
}

async function evaluate(db: DbOrTx, run: Finished): Promise<string[]> {
  if (run.trigger === 'simulate') return [];
  if (run.status === 'confirmed' || run.status === 'skipped')
    return resolveIncidents(
      db,
      { projectId: run.projectId, kinds: CLEARED_BY_SUCCESS, subject: run.executableId },
      `A run succeeded (${run.status}): execution ${run.id}.`,
    );
  const nonceBlocked = NONCE_BLOCKED_CODES.has(run.error?.code ?? '');
  if (run.status !== 'failed' && !nonceBlocked) return [];
  const rules = await rulesInForce(db, run.projectId, run.executableId, [
    ...(run.status === 'failed' ? (['execution_failed', 'consecutive_failures'] as const) : []),
    ...(nonceBlocked ? (['nonce_blocked'] as const) : []),
  ]);
  if (rules.length === 0) return [];
  const [exe] = await db
    .select({ name: executables.name })
    .from(executables)
    .where(eq(executables.id, run.executableId));
  const name = exe?.name ?? run.executableId;
  const url = await consoleUrl(db, run.workspaceId, `/projects/${run.projectId}/executions/${run.id}`);
  const facts = {
    Executable: `${name} (${run.executableId})`,
    Execution: run.id,
    Trigger: run.trigger,
    ...(run.error && { Error: `${run.error.code}: ${run.error.message}`.slice(0, 300) }),
  };
  const opened: string[] = [];
  for (const rule of rules) {
    if (rule.kind === 'nonce_blocked') {
      const id = await openIncident(
        db,
        rule,
        run.executableId,
        {
          title: `Executable “${name}”: its account's nonce is blocked`,
          text: `Execution ${run.id} could not clear or use its account's next nonce (${run.error?.code}): another transaction holds it. Runs of this profile wait until it is mined; Tickwork keeps watching.`,
          severity: 'critical',
          facts,
          url,
        },
        { executableId: run.executableId, executionId: run.id },
      );
      if (id) opened.push(id);
    } else if (rule.kind === 'execution_failed') {
      const id = await openIncident(
        db,
        rule,
        run.executableId,
        {
          title: `Executable “${name}” failed`,
          text: `Execution ${run.id} ended failed${run.error ? ` (${run.error.code})` : ''}. Further failures are not announced until a run succeeds.`,
          severity: 'warning',
          facts,
          url,
        },
        { executableId: run.executableId, executionId: run.id },
      );
      if (id) opened.push(id);
    } else {
      const count = Number(rule.params.count ?? 3);
      const last = await db
        .select({ status: executions.status })
        .from(executions)
        .where(
          and(
            eq(executions.executableId, run.executableId),
            inArray(executions.status, ['confirmed', 'failed', 'skipped']),
            ne(executions.trigger, 'simulate'),
          ),
        )
        .orderBy(desc(executions.finishedAt), desc(executions.id))
        .limit(count);
      if (last.length < count || last.some((r) => r.status !== 'failed')) continue;
      const id = await openIncident(
        db,
        rule,
        run.executableId,
        {
          title: `Executable “${name}” failed ${count} times in a row`,
          text: `The last ${count} runs all ended failed, the latest being ${run.id}. The executable keeps its schedule; nothing more is sent until a run succeeds.`,
          severity: 'critical',
          facts: { ...facts, 'Failures in a row': String(count) },
          url,
        },
        { executableId: run.executableId, executionId: run.id, count },
      );
      if (id) opened.push(id);
    }
  }
  return opened;
}
