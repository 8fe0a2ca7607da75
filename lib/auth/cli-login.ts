import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { cliLogins } from '@/db/schema';
import { perMinuteFromEnv } from '@/lib/api/address-rate-limit';
import { apiError } from '@/lib/api/errors';
import { sha256Hex } from '@/lib/crypto/tokens';
import { newId } from '@/lib/ids';
import { getMembershipRole } from '@/lib/workspaces/service';
import { createApiKey } from './api-keys';
import { SCOPES } from './scopes';

/**
 * Management login, device-code style (RFC 8628 in spirit): the CLI starts a login and polls with the secret
 * device code; an owner or admin opens the console with the short user code, picks exactly one workspace
 * and approves; the next poll mints a key bound to that workspace with the full scope bundle, once.
 */
const LOGIN_TTL_SECONDS = 600;
const POLL_INTERVAL_SECONDS = 2;
/** Logins one client address may start a minute (`TICKWORK_CLI_LOGIN_RATE_LIMIT_PER_MINUTE`; 0: no limit). */
export const CLI_LOGINS_PER_MINUTE = perMinuteFromEnv('TICKWORK_CLI_LOGIN_RATE_LIMIT_PER_MINUTE', 30);
/** How long an expired login is kept (its poll answers `expired_token` meanwhile) before maintenance deletes it. */
const EXPIRED_LOGIN_KEPT = '1 day';

const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ23456789';

function newUserCode(): string {
  const chars = Array.from({ length: 8 }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

const normalizeUserCode = (code: string) => {
  const compact = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return `${compact.slice(0, 4)}-${compact.slice(4, 8)}`;
};

export async function startCliLogin(db: DbOrTx, clientName: string) {
  const deviceCode = randomBytes(32).toString('base64url');
  const userCode = newUserCode();
  await db.insert(cliLogins).values({
    id: newId('cliLogin'),
    deviceCodeHash: sha256Hex(deviceCode),
    userCode,
    clientName,
    expiresAt: new Date(Date.now() + LOGIN_TTL_SECONDS * 1000),
  });
  return { deviceCode, userCode, expiresIn: LOGIN_TTL_SECONDS, interval: POLL_INTERVAL_SECONDS };
}

/** The pending login a person is about to approve (for the consent page). */
export async function findPendingLogin(db: DbOrTx, userCode: string) {
  const [login] = await db
    .select({
      id: cliLogins.id,
      userCode: cliLogins.userCode,
      clientName: cliLogins.clientName,
      expiresAt: cliLogins.expiresAt,
    })
    .from(cliLogins)
    .where(
      and(
        eq(cliLogins.userCode, normalizeUserCode(userCode)),
        eq(cliLogins.status, 'pending'),
        sql`${cliLogins.expiresAt} > now()`,
      ),
    );
  return login;
}

/** Approves or denies a pending login; either needs the owner or admin role in the chosen workspace. */
export async function decideCliLogin(
  db: DbOrTx,
  input: { userCode: string; userId: string; workspaceId: string; approve: boolean },
) {
  const role = await getMembershipRole(db, input);
  if (!role || role === 'member') {
    throw apiError('forbidden', 'only an owner or admin of the workspace can decide a management login');
  }
  const [login] = await db
    .update(cliLogins)
    .set({
      status: input.approve ? 'approved' : 'denied',
      workspaceId: input.approve ? input.workspaceId : null,
      approvedBy: input.userId,
    })
    .where(
      and(
        eq(cliLogins.userCode, normalizeUserCode(input.userCode)),
        eq(cliLogins.status, 'pending'),
        sql`${cliLogins.expiresAt} > now()`,
      ),
    )
    .returning({ id: cliLogins.id });
  if (!login) throw apiError('not_found', 'this login code is unknown, expired or already used');
}

/** One poll of the CLI. Throws the RFC 8628 error codes until the login is approved, then returns the key once. */
export async function pollCliLogin(db: DbOrTx, deviceCode: string) {
  const outcome = await db.transaction(async (tx) => {
    const [login] = await tx
      .select()
      .from(cliLogins)
      .where(eq(cliLogins.deviceCodeHash, sha256Hex(deviceCode)))
      .for('update');
    if (!login || login.status === 'consumed') throw apiError('invalid_grant', 'unknown or used device code');
    if (login.expiresAt.getTime() <= Date.now())
      throw apiError('expired_token', 'the login expired; start again');
    if (login.status === 'denied') throw apiError('access_denied', 'the login was denied in the console');
    if (login.status === 'pending') {
      const tooSoon =
        login.lastPolledAt && Date.now() - login.lastPolledAt.getTime() < (POLL_INTERVAL_SECONDS * 1000) / 2;
      await tx.update(cliLogins).set({ lastPolledAt: new Date() }).where(eq(cliLogins.id, login.id));
      // Returned, not thrown: a throw would roll back the lastPolledAt that slow_down is measured from.
      return { pending: tooSoon ? ('slow_down' as const) : ('authorization_pending' as const) };
    }
    if (!login.workspaceId || !login.approvedBy) throw apiError('invalid_grant', 'login has no workspace');
    const key = await createApiKey(tx, {
      userId: login.approvedBy,
      workspaceId: login.workspaceId,
      name: `CLI login (${login.clientName})`,
      scopes: SCOPES,
    });
    await tx
      .update(cliLogins)
      .set({ status: 'consumed', apiKeyId: key.id })
      .where(eq(cliLogins.id, login.id));
    return {
      granted: { token: key.token, keyId: key.id, workspaceId: login.workspaceId, scopes: key.scopes },
    };
  });
  if ('granted' in outcome) return outcome.granted;
  if (outcome.pending === 'slow_down')
    throw apiError('slow_down', 'polling too fast', undefined, {
      'Retry-After': String(POLL_INTERVAL_SECONDS),
    });
  throw apiError('authorization_pending', 'waiting for approval in the console');
}

/**
 * Maintenance: deletes logins that expired more than a day ago, pending, denied or expired. A login that issued
 * a key stays while the key does (deleting the key clears `api_key_id`): it is how the audit log tells that key's
 * actions as a CLI login's (`lib/audit/principal-actor.ts`); logins that issue a key are rate limited, so these
 * rows stay few.
 */
export async function sweepExpiredCliLogins(db: DbOrTx): Promise<number> {
  const swept = await db
    .delete(cliLogins)
    .where(
      and(sql`${cliLogins.expiresAt} < now() - ${EXPIRED_LOGIN_KEPT}::interval`, isNull(cliLogins.apiKeyId)),
    )
    .returning({ id: cliLogins.id });
  return swept.length;
}
