import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { isFinalExecutionStatus } from '@/db/enums';
import { executions, webhooks } from '@/db/schema';
import { notFound } from '@/lib/api/errors';
import { ok, type Reply } from '@/lib/api/reply';
import { signToken, verifyToken } from '@/lib/crypto/envelope';
import { toExecution } from '@/lib/executions/queries';
import type { ExecutionRow } from '@/lib/executions/queue';

/** Results (and their storage snapshots) of webhook executions can be read this long after the call. */
const RESULT_TTL_MS = 24 * 60 * 60 * 1000;
const POLL_MS = 200;
const PURPOSE = 'webhook-result';

/** The result link of a webhook execution: unguessable (a MAC of its id), no webhook secret inside. */
export const resultUrl = (origin: string, executionId: string) =>
  `${origin}/api/hooks/results/${executionId}/${signToken(PURPOSE, executionId)}`;

/**
 * What a webhook caller sees of an execution: status and id, hashes once submitted, gas, chain, timing, compute
 * units, the submitted calls' metadata, the storage snapshot when the run updated storage, and the semantic
 * error of a failed or skipped run. Logs stay in the console and the management API.
 */
function webhookResult(e: ExecutionRow) {
  const { projectId, functionId, dryRun, rpcRequests, createdAt, ...result } = toExecution(e);
  return { ...result, storage: e.storageSnapshot ?? null };
}

/** The execution of a result link: 404 when the token is wrong, the result expired or its webhook was revoked. */
export async function requireWebhookExecution(db: Db, executionId: string, token: string) {
  if (!verifyToken(PURPOSE, executionId, token)) throw notFound('result');
  const [row] = await db
    .select({ execution: executions })
    .from(executions)
    .innerJoin(webhooks, eq(webhooks.id, executions.webhookId))
    .where(
      and(
        eq(executions.id, executionId),
        eq(webhooks.state, 'active'),
        gt(executions.createdAt, new Date(Date.now() - RESULT_TTL_MS)),
      ),
    );
  if (!row) throw notFound('result');
  return row.execution;
}

/** Reads the execution until it is final or `waitMs` has passed; answers the last read. */
async function awaitOutcome(db: Db, executionId: string, waitMs: number): Promise<ExecutionRow> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [row] = await db.select().from(executions).where(eq(executions.id, executionId));
    if (!row) throw notFound('execution');
    if (isFinalExecutionStatus(row.status) || Date.now() + POLL_MS > deadline) return row;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** How long a webhook call waits for its execution to finish before answering 202 (`TICKWORK_WEBHOOK_WAIT_MS`). */
export const WEBHOOK_WAIT_MS = Number(process.env.TICKWORK_WEBHOOK_WAIT_MS) || 55_000;

/**
 * The answer about a webhook execution: 200 with the result once it is final (a failed or skipped run too),
 * else 202 with the result link in `Location` and `data.resultUrl`, polled with GET after `Retry-After`.
 * `respondAsync` (the caller's `Prefer: respond-async`) answers 202 at once, however fast the run finished.
 */
export async function webhookReply(
  db: Db,
  executionId: string,
  opts: { origin: string; waitMs: number; respondAsync?: boolean; replayed?: boolean },
): Promise<Reply> {
  const execution = await awaitOutcome(db, executionId, opts.respondAsync ? 0 : opts.waitMs);
  const replayed: Record<string, string> = opts.replayed ? { 'Idempotency-Replayed': 'true' } : {};
  if (!opts.respondAsync && isFinalExecutionStatus(execution.status))
    return { ...ok(webhookResult(execution)), headers: replayed };
  const url = resultUrl(opts.origin, executionId);
  return {
    ...ok({ id: execution.id, status: execution.status, resultUrl: url }, 202),
    headers: { ...replayed, Location: url, 'Retry-After': '2' },
  };
}
