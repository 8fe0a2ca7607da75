import { createHash } from 'node:crypto';
import type { Db } from '@/db/client';
import { canonicalJson } from '@/lib/canonical-json';
import { apiError } from './errors';

const TTL_MS = 24 * 60 * 60 * 1000;
/** An in-progress claim older than this is taken as abandoned (its server died mid-request). */
const STALE_CLAIM_MS = 5 * 60 * 1000;

export type StoredResponse = { status: number; body: unknown };
export type IdempotencyScope = { credentialId: string; workspaceId: string; key: string };

export const requestFingerprint = (method: string, routeTemplate: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${routeTemplate}\n${canonicalJson(body)}`)
    .digest('hex');

/**
 * Claims the key for this request. Returns the stored response for a replay, or null when the caller
 * owns the claim and must `completeIdempotency` (or `releaseIdempotency` on a server error).
 */
export async function claimIdempotency(
  db: Db,
  scope: IdempotencyScope,
  fingerprint: string,
): Promise<StoredResponse | null> {
  // an ISO string, not a Date: drizzle's postgres-js setup serializes timestamptz parameters as-is
  const expiresAt = new Date(Date.now() + TTL_MS).toISOString();
  const claimed = await db.$sql`
    insert into idempotency_records (credential_id, workspace_id, key, fingerprint, state, expires_at)
    values (${scope.credentialId}, ${scope.workspaceId}, ${scope.key}, ${fingerprint}, 'in_progress', ${expiresAt})
    on conflict (credential_id, workspace_id, key) do update
      set fingerprint = excluded.fingerprint, state = 'in_progress', response_status = null,
          response_body = null, created_at = now(), expires_at = excluded.expires_at
      where idempotency_records.expires_at <= now()
         or (idempotency_records.state = 'in_progress'
             and idempotency_records.created_at < now() - ${`${STALE_CLAIM_MS} milliseconds`}::interval)
    returning key`;
  if (claimed.length > 0) return null;

  const [existing] = await db.$sql<
    { fingerprint: string; state: string; response_status: number; response_body: string }[]
  >`
    select fingerprint, state, response_status, response_body from idempotency_records
    where credential_id = ${scope.credentialId} and workspace_id = ${scope.workspaceId} and key = ${scope.key}`;
  if (!existing) return claimIdempotency(db, scope, fingerprint);
  if (existing.fingerprint !== fingerprint) {
    throw apiError('idempotency_conflict', 'this Idempotency-Key was used with a different request');
  }
  if (existing.state === 'in_progress') {
    throw apiError(
      'idempotency_in_progress',
      'a request with this Idempotency-Key is still running',
      undefined,
      {
        'Retry-After': '1',
      },
    );
  }
  return { status: Number(existing.response_status), body: JSON.parse(existing.response_body) };
}

export async function completeIdempotency(db: Db, scope: IdempotencyScope, response: StoredResponse) {
  await db.$sql`
    update idempotency_records
    set state = 'done', response_status = ${response.status}, response_body = ${JSON.stringify(response.body)}
    where credential_id = ${scope.credentialId} and workspace_id = ${scope.workspaceId} and key = ${scope.key}`;
}

/** Forgets a claim whose request failed on the server's side, so the client can retry with the same key. */
export async function releaseIdempotency(db: Db, scope: IdempotencyScope) {
  await db.$sql`
    delete from idempotency_records
    where credential_id = ${scope.credentialId} and workspace_id = ${scope.workspaceId} and key = ${scope.key}
      and state = 'in_progress'`;
}
