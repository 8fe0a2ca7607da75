import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables, webhooks } from '@/db/schema';
import { apiError, notFound } from '@/lib/api/errors';
import type { AuditAction } from '@/lib/audit/actions';
import type { Actor } from '@/lib/audit/actor';
import { auditedChange, recordAudit } from '@/lib/audit/log';
import { newSecretToken, sha256Hex } from '@/lib/crypto/tokens';
import { newId } from '@/lib/ids';
import { MAX_ACTIVE_WEBHOOKS, type WebhookRecord } from './schemas';

type WebhookRow = typeof webhooks.$inferSelect;

/** Every column but the secret hash, which only the lookup by secret reads. */
const recordColumns = {
  id: webhooks.id,
  workspaceId: webhooks.workspaceId,
  executableId: webhooks.executableId,
  name: webhooks.name,
  state: webhooks.state,
  rotatedAt: webhooks.rotatedAt,
  revokedAt: webhooks.revokedAt,
  createdAt: webhooks.createdAt,
  updatedAt: webhooks.updatedAt,
};
export type WebhookRecordRow = Omit<WebhookRow, 'secretHash'>;

const toWebhook = (w: WebhookRecordRow): WebhookRecord => ({
  id: w.id,
  executableId: w.executableId,
  name: w.name,
  state: w.state,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
  rotatedAt: w.rotatedAt?.toISOString() ?? null,
  revokedAt: w.revokedAt?.toISOString() ?? null,
});

/** A fresh 256-bit secret (base64url, `twh_` prefix for secret scanners) and its stored SHA-256. */
function newWebhookSecret() {
  const secret = newSecretToken('twh');
  return { secret, secretHash: sha256Hex(secret) };
}

/** A webhook's audit event: its name and executable (never the URL, which holds the secret). */
const webhookEvent = (actor: Actor, action: AuditAction, row: WebhookRecordRow) => ({
  workspaceId: row.workspaceId,
  actor,
  action,
  target: { type: 'webhook', id: row.id },
  details: { name: row.name, executableId: row.executableId },
});

/** The secret URL the webhook door serves. */
const webhookUrl = (origin: string, secret: string) => `${origin}/api/hooks/${secret}`;

/** The executable of the workspace, not deleted; `lock` serializes webhook creation on it. */
async function requireExecutable(db: DbOrTx, workspaceId: string, executableId: string, lock = false) {
  const query = db
    .select({ id: executables.id })
    .from(executables)
    .where(
      and(
        eq(executables.id, executableId),
        eq(executables.workspaceId, workspaceId),
        ne(executables.state, 'deleted'),
      ),
    );
  const [row] = await (lock ? query.for('no key update') : query);
  if (!row) throw notFound('executable');
  return row;
}

/** Active webhooks of a live executable, oldest first (revoked ones are not listed). */
export async function listWebhooks(db: DbOrTx, workspaceId: string, executableId: string) {
  await requireExecutable(db, workspaceId, executableId);
  const rows = await db
    .select(recordColumns)
    .from(webhooks)
    .where(
      and(
        eq(webhooks.executableId, executableId),
        eq(webhooks.workspaceId, workspaceId),
        eq(webhooks.state, 'active'),
      ),
    )
    .orderBy(asc(webhooks.id));
  return rows.map(toWebhook);
}

/**
 * Creates a named URL. The executable row is locked for the count and the insert, so concurrent creates
 * cannot pass the limit of active URLs together. Answers the record with the one-time URL.
 */
export async function createWebhook(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  executableId: string,
  name: string,
  origin: string,
) {
  const { secret, secretHash } = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    await requireExecutable(tx, workspaceId, executableId, true);
    const [{ active }] = await tx
      .select({ active: count() })
      .from(webhooks)
      .where(and(eq(webhooks.executableId, executableId), eq(webhooks.state, 'active')));
    if (active >= MAX_ACTIVE_WEBHOOKS)
      throw apiError(
        'webhook_limit_reached',
        `an executable has at most ${MAX_ACTIVE_WEBHOOKS} active webhook URLs; revoke one first`,
        { limit: MAX_ACTIVE_WEBHOOKS },
      );
    const [inserted] = await tx
      .insert(webhooks)
      .values({ id: newId('webhook'), workspaceId, executableId, name, secretHash })
      .returning(recordColumns);
    await recordAudit(tx, webhookEvent(actor, 'webhook.created', inserted));
    return inserted;
  });
  return { ...toWebhook(row), url: webhookUrl(origin, secret) };
}

/** Where an active webhook of a live executable of the workspace has this id (revoked ones are gone). */
const addressed = (workspaceId: string, webhookId: string) =>
  and(
    eq(webhooks.id, webhookId),
    eq(webhooks.workspaceId, workspaceId),
    eq(webhooks.state, 'active'),
    sql`exists (select 1 from ${executables} where ${executables.id} = ${webhooks.executableId} and ${executables.state} <> 'deleted')`,
  );

export async function getWebhook(db: DbOrTx, workspaceId: string, webhookId: string) {
  const [row] = await db.select(recordColumns).from(webhooks).where(addressed(workspaceId, webhookId));
  if (!row) throw notFound('webhook');
  return toWebhook(row);
}

export async function renameWebhook(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  webhookId: string,
  name: string,
) {
  const row = await auditedChange(
    db,
    async (tx) => {
      const [renamed] = await tx
        .update(webhooks)
        .set({ name })
        .where(addressed(workspaceId, webhookId))
        .returning(recordColumns);
      if (!renamed) throw notFound('webhook');
      return renamed;
    },
    (renamed) => webhookEvent(actor, 'webhook.renamed', renamed),
  );
  return toWebhook(row);
}

/** active → revoked, for good: the URL stops working at once; a second revoke is a 404. */
export async function revokeWebhook(db: DbOrTx, workspaceId: string, actor: Actor, webhookId: string) {
  const now = new Date();
  const row = await auditedChange(
    db,
    async (tx) => {
      const [revoked] = await tx
        .update(webhooks)
        .set({ state: 'revoked', revokedAt: now, updatedAt: now })
        .where(addressed(workspaceId, webhookId))
        .returning(recordColumns);
      if (!revoked) throw notFound('webhook');
      return revoked;
    },
    (revoked) => webhookEvent(actor, 'webhook.revoked', revoked),
  );
  return toWebhook(row);
}

/** Replaces the secret: the old URL is invalid from this commit on; the new URL is answered once. */
export async function rotateWebhook(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  webhookId: string,
  origin: string,
) {
  const { secret, secretHash } = newWebhookSecret();
  const now = new Date();
  const row = await auditedChange(
    db,
    async (tx) => {
      const [rotated] = await tx
        .update(webhooks)
        .set({ secretHash, rotatedAt: now, updatedAt: now })
        .where(addressed(workspaceId, webhookId))
        .returning(recordColumns);
      if (!rotated) throw notFound('webhook');
      return rotated;
    },
    (rotated) => webhookEvent(actor, 'webhook.rotated', rotated),
  );
  return { ...toWebhook(row), url: webhookUrl(origin, secret) };
}

/**
 * The active webhook a secret (the last path segment of its URL) names, looked up by its SHA-256 through the
 * unique index; null for unknown, rotated-away and revoked secrets. For the webhook door, which checks the
 * executable's state itself.
 */
export async function findActiveWebhookBySecret(
  db: DbOrTx,
  secret: string,
): Promise<WebhookRecordRow | null> {
  if (secret.length === 0 || secret.length > 256) return null;
  const [row] = await db
    .select(recordColumns)
    .from(webhooks)
    .where(and(eq(webhooks.secretHash, sha256Hex(secret)), eq(webhooks.state, 'active')));
  return row ?? null;
}
