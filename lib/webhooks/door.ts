import { and, count, eq, gte, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { executables, executions, functionReleases } from '@/db/schema';
import { apiError, notFound } from '@/lib/api/errors';
import { claimIdempotency, completeIdempotency, releaseIdempotency } from '@/lib/api/idempotency';
import { canonicalJson } from '@/lib/canonical-json';
import { sha256Hex } from '@/lib/crypto/tokens';
import { assertRunnable, queueExecution } from '@/lib/executions/queue';
import { idFloor } from '@/lib/ids';
import { checkCustomArgs, customArgsOf } from './args';
import { findActiveWebhookBySecret } from './service';

/** New executions one webhook URL may start per minute. */
const WEBHOOK_RUNS_PER_MINUTE = 60;
const WINDOW_MS = 60_000;
/** First key of the transaction advisory lock `(WEBHOOK_RATE_LOCK, hashtext(webhook id))`. */
export const WEBHOOK_RATE_LOCK = 727_002;

export type WebhookCall = {
  secret: string;
  contentType: string | null;
  body: string;
  idempotencyKey: string | null;
};

/**
 * Starts an executable from its secret webhook URL, checking in this order: 404 for an unknown, rotated or
 * revoked URL; the body's custom args (415, 422) against the function's args schema; an Idempotency-Key (kept
 * 24 h per webhook) replays the execution it started, or 409 idempotency_conflict for other args; 409
 * executable_unavailable unless the executable, its function and its profile are active; 403
 * compute_units_exhausted when a Free workspace has used its compute units this cycle; 429 past 60 new
 * executions a minute on the URL; 409 execution_in_progress while the executable has an unfinished execution.
 * Answers the execution's id.
 */
export async function invokeWebhook(
  db: Db,
  call: WebhookCall,
): Promise<{ executionId: string; replayed: boolean }> {
  const webhook = await findActiveWebhookBySecret(db, call.secret);
  if (!webhook) throw notFound('webhook');
  const [found] = await db
    .select({
      executable: executables,
      release: { id: functionReleases.id, argsSchema: functionReleases.argsSchema },
    })
    .from(executables)
    .innerJoin(functionReleases, eq(functionReleases.id, executables.functionId))
    .where(eq(executables.id, webhook.executableId));
  if (!found) throw notFound('webhook');
  const args = customArgsOf(call.contentType, call.body);
  if (args) checkCustomArgs(found.release, args);

  const scope = call.idempotencyKey && {
    credentialId: webhook.id,
    workspaceId: webhook.workspaceId,
    key: call.idempotencyKey,
  };
  if (scope) {
    const replay = await claimIdempotency(db, scope, sha256Hex(canonicalJson(args)));
    if (replay) return { executionId: (replay.body as { executionId: string }).executionId, replayed: true };
  }
  try {
    const { chainId } = await assertRunnable(db, found.executable, false);
    const execution = await queueExecution(db, found.executable, chainId, {
      trigger: 'webhook',
      dryRun: false,
      args: args && JSON.stringify(args),
      webhookId: webhook.id,
      guard: (tx) => checkRate(tx, found.executable.id, webhook.id),
    });
    if (scope) await completeIdempotency(db, scope, { status: 200, body: { executionId: execution.id } });
    return { executionId: execution.id, replayed: false };
  } catch (error) {
    if (scope) await releaseIdempotency(db, scope);
    throw error;
  }
}

/**
 * 429 rate_limited once the URL started 60 executions in the last minute; Retry-After says when one frees up.
 * Runs in the execution insert's transaction under an advisory lock of the webhook, held until that commits:
 * calls of one URL count and insert one at a time on every instance, so the limit is exact.
 */
async function checkRate(tx: Tx, executableId: string, webhookId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${WEBHOOK_RATE_LOCK}, hashtext(${webhookId}))`);
  const now = Date.now();
  const [window] = await tx
    .select({ started: count(), oldest: min(executions.createdAt) })
    .from(executions)
    .where(
      and(
        eq(executions.executableId, executableId),
        eq(executions.webhookId, webhookId),
        gte(executions.id, idFloor('execution', now - WINDOW_MS)),
      ),
    );
  if (window.started < WEBHOOK_RUNS_PER_MINUTE) return;
  const freesAt = (window.oldest?.getTime() ?? now) + WINDOW_MS;
  throw apiError(
    'rate_limited',
    `this webhook URL started ${WEBHOOK_RUNS_PER_MINUTE} executions in the last minute; retry later`,
    undefined,
    { 'Retry-After': String(Math.max(1, Math.ceil((freesAt - now) / 1000))) },
  );
}
