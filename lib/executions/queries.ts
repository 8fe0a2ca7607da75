import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables, executionLogs, executions } from '@/db/schema';
import type { CallbackOutcome } from '@/db/schema/executions';
import { notFound } from '@/lib/api/errors';
import { decodeCursor, toPage } from '@/lib/api/pagination';
import { idFloor } from '@/lib/ids';
import { inLiveProject, requireProject } from '@/lib/projects/service';
import type { RunnerName } from '@/lib/runtime/runners/types';
import type { CallbackName, TaskLogLevel } from '@/lib/runtime/task-types';
import { broadcastsOf, toBroadcastRecord } from './broadcasts';
import type { ExecutionLogRecord, ExecutionRecord } from './schemas';

type ExecutionRow = typeof executions.$inferSelect;
type Status = ExecutionRow['status'];

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The callback as the API shows it: its event stays internal (the job's input). */
const publicCallback = ({ name, status, error, durationMs, finishedAt }: CallbackOutcome) => ({
  name: name as CallbackName,
  status,
  error: error ?? null,
  durationMs: durationMs ?? null,
  finishedAt: finishedAt ?? null,
});

export const toExecution = (e: ExecutionRow): ExecutionRecord => ({
  id: e.id,
  projectId: e.projectId,
  executableId: e.executableId,
  functionId: e.functionId,
  status: e.status,
  trigger: e.trigger,
  dryRun: e.dryRun,
  chainId: e.chainId,
  message: e.message,
  error: e.error,
  calls: e.calls,
  txHash: e.txHash,
  userOpHash: e.userOpHash,
  gasUsed: e.gasUsed,
  effectiveGasPrice: e.effectiveGasPrice,
  blockNumber: e.blockNumber,
  computeUnits: e.computeUnits,
  rpcRequests: e.rpcRequests,
  runner: e.runner as RunnerName | null,
  runnerVersion: e.runnerVersion,
  triggerEventId: e.triggerEventId,
  finality: e.finality as 'final' | 'vanished' | null,
  callback: e.callback ? publicCallback(e.callback) : null,
  scheduledAt: e.scheduledAt.toISOString(),
  startedAt: iso(e.startedAt),
  finishedAt: iso(e.finishedAt),
  durationMs: e.startedAt && e.finishedAt ? e.finishedAt.getTime() - e.startedAt.getTime() : null,
  createdAt: e.createdAt.toISOString(),
});

type PageOpts = { limit: number; cursor?: string };

/** Newest first, keyset on the time-sortable id; reads limit + 1 rows to know whether more exist. */
async function pageOfExecutions(db: DbOrTx, where: SQL | undefined, { limit, cursor }: PageOpts) {
  const after = decodeCursor(cursor);
  const rows = await db
    .select()
    .from(executions)
    .where(and(where, after ? lt(executions.id, after) : undefined))
    .orderBy(desc(executions.id))
    .limit(limit + 1);
  const page = toPage(rows, limit);
  return { ...page, data: page.data.map(toExecution) };
}

export async function listProjectExecutions(
  db: DbOrTx,
  workspaceId: string,
  opts: PageOpts & { projectId: string; status?: Status },
) {
  await requireProject(db, workspaceId, opts.projectId);
  return pageOfExecutions(
    db,
    and(
      eq(executions.projectId, opts.projectId),
      opts.status ? eq(executions.status, opts.status) : undefined,
    ),
    opts,
  );
}

export async function listExecutableExecutions(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  opts: PageOpts,
) {
  const [executable] = await db
    .select({ id: executables.id })
    .from(executables)
    .where(and(eq(executables.id, executableId), eq(executables.workspaceId, workspaceId)));
  if (!executable) throw notFound('executable');
  return pageOfExecutions(db, eq(executions.executableId, executableId), opts);
}

export async function requireExecution(db: DbOrTx, workspaceId: string, executionId: string) {
  const [execution] = await db
    .select()
    .from(executions)
    .where(
      and(
        eq(executions.id, executionId),
        eq(executions.workspaceId, workspaceId),
        inLiveProject(executions.projectId),
      ),
    );
  if (!execution) throw notFound('execution');
  return execution;
}

/** One execution as its own read shows it: the record with every transaction it signed. */
export async function readExecution(
  db: DbOrTx,
  workspaceId: string,
  executionId: string,
): Promise<ExecutionRecord> {
  const execution = await requireExecution(db, workspaceId, executionId);
  const rows = (await broadcastsOf(db, [execution.id])).get(execution.id) ?? [];
  return { ...toExecution(execution), broadcasts: rows.map(toBroadcastRecord) };
}

export async function listExecutionLogs(db: DbOrTx, workspaceId: string, executionId: string) {
  await requireExecution(db, workspaceId, executionId);
  const rows = await db
    .select()
    .from(executionLogs)
    .where(eq(executionLogs.executionId, executionId))
    .orderBy(asc(executionLogs.id));
  return rows.map(
    (log, i): ExecutionLogRecord => ({
      seq: i + 1,
      level: log.level as TaskLogLevel,
      message: log.message,
      data: log.data,
      at: log.at.toISOString(),
    }),
  );
}

/** The newest execution of each of these executables (one index probe each: `(executable_id, id)`). */
export async function latestExecutions(db: DbOrTx, workspaceId: string, executableIds: string[]) {
  if (executableIds.length === 0) return new Map<string, ReturnType<typeof toExecution>>();
  const rows = await db
    .selectDistinctOn([executions.executableId])
    .from(executions)
    .where(and(eq(executions.workspaceId, workspaceId), inArray(executions.executableId, executableIds)))
    .orderBy(executions.executableId, desc(executions.id));
  return new Map(rows.map((r) => [r.executableId, toExecution(r)]));
}

/** How many executions of a project started since `since`, per status (a range on the project's id index). */
export async function executionCountsSince(db: DbOrTx, workspaceId: string, projectId: string, since: Date) {
  const rows = await db
    .select({ status: executions.status, n: count() })
    .from(executions)
    .where(
      and(
        eq(executions.projectId, projectId),
        eq(executions.workspaceId, workspaceId),
        gte(executions.id, idFloor('execution', since.getTime())),
      ),
    )
    .groupBy(executions.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}
