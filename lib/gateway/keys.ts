import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { rpcApiKeys } from '@/db/schema';
import { newSecretToken, sha256Hex } from '@/lib/crypto/tokens';
import { newId } from '@/lib/ids';
import { log } from '@/lib/log';
import { gatewayConfig } from './config';

/** RPC keys read `twrpc_…`; management keys read `tw_…`, and neither is accepted where the other belongs. */
const RPC_TOKEN_PREFIX = 'twrpc';

export type CreatedRpcKey = { id: string; token: string; tokenPrefix: string };

/** Mints a workspace's RPC key. The token is returned here once; only its SHA-256 is stored. */
export async function createRpcKey(
  db: DbOrTx,
  input: { workspaceId: string; name: string; createdBy: string | null },
): Promise<CreatedRpcKey> {
  const token = newSecretToken(RPC_TOKEN_PREFIX);
  const key = {
    id: newId('rpcApiKey'),
    workspaceId: input.workspaceId,
    name: input.name,
    tokenHash: sha256Hex(token),
    tokenPrefix: token.slice(0, 12),
    createdBy: input.createdBy,
  };
  await db.insert(rpcApiKeys).values(key);
  return { id: key.id, token, tokenPrefix: key.tokenPrefix };
}

export async function listRpcKeys(db: DbOrTx, workspaceId: string) {
  return db
    .select({
      id: rpcApiKeys.id,
      name: rpcApiKeys.name,
      tokenPrefix: rpcApiKeys.tokenPrefix,
      createdBy: rpcApiKeys.createdBy,
      lastUsedAt: rpcApiKeys.lastUsedAt,
      revokedAt: rpcApiKeys.revokedAt,
      createdAt: rpcApiKeys.createdAt,
    })
    .from(rpcApiKeys)
    .where(eq(rpcApiKeys.workspaceId, workspaceId))
    .orderBy(desc(rpcApiKeys.id));
}

/** Revokes a live key of the workspace; null when there was none. This process forgets it at once. */
export async function revokeRpcKey(db: DbOrTx, opts: { keyId: string; workspaceId: string }) {
  const [row] = await db
    .update(rpcApiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(rpcApiKeys.id, opts.keyId),
        eq(rpcApiKeys.workspaceId, opts.workspaceId),
        isNull(rpcApiKeys.revokedAt),
      ),
    )
    .returning({ id: rpcApiKeys.id, name: rpcApiKeys.name, tokenHash: rpcApiKeys.tokenHash });
  if (!row) return null;
  keyCache().delete(row.tokenHash);
  return { id: row.id, name: row.name };
}

export type RpcPrincipal = { keyId: string; workspaceId: string };

type Cached = { principal: RpcPrincipal | null; until: number };
const MAX_CACHED = 10_000;
const LAST_USED_EVERY_MS = 60_000;

const state = globalThis as unknown as {
  tickworkRpcKeys?: Map<string, Cached>;
  tickworkRpcKeyUse?: Map<string, number>;
};
const keyCache = () => {
  state.tickworkRpcKeys ??= new Map();
  return state.tickworkRpcKeys;
};

/**
 * The key's workspace, or null for a missing, unknown or revoked key: one lookup on the unique token-hash
 * index, remembered for `TICKWORK_RPC_KEY_CACHE_MS` (10 s). A revocation takes effect at once in the process
 * that revoked and within that bound in every other one.
 */
export async function authenticateRpcKey(db: DbOrTx, token: string | null): Promise<RpcPrincipal | null> {
  if (!token?.startsWith(`${RPC_TOKEN_PREFIX}_`) || token.length > 200) return null;
  const hash = sha256Hex(token);
  const cache = keyCache();
  const now = Date.now();
  const hit = cache.get(hash);
  if (hit && hit.until > now) return hit.principal;
  const [row] = await db
    .select({ id: rpcApiKeys.id, workspaceId: rpcApiKeys.workspaceId, revokedAt: rpcApiKeys.revokedAt })
    .from(rpcApiKeys)
    .where(eq(rpcApiKeys.tokenHash, hash))
    .limit(1);
  const principal = row && !row.revokedAt ? { keyId: row.id, workspaceId: row.workspaceId } : null;
  const ttl = gatewayConfig().keyCacheMs;
  if (ttl > 0) {
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(hash, { principal, until: now + ttl });
  }
  if (principal) noteUse(db, principal.keyId, now);
  return principal;
}

/** `last_used_at`, at most once a minute per key and process, off the request's path. */
function noteUse(db: DbOrTx, keyId: string, now: number) {
  state.tickworkRpcKeyUse ??= new Map();
  const last = state.tickworkRpcKeyUse.get(keyId) ?? 0;
  if (now - last < LAST_USED_EVERY_MS) return;
  if (state.tickworkRpcKeyUse.size >= MAX_CACHED) state.tickworkRpcKeyUse.clear();
  state.tickworkRpcKeyUse.set(keyId, now);
  Promise.resolve(
    db
      .update(rpcApiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(rpcApiKeys.id, keyId)),
  ).catch((error: unknown) => log.warn({ err: error }, 'recording an RPC key use failed'));
}
