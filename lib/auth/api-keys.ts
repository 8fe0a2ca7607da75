import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import { newSecretToken, sha256Hex } from '@/lib/crypto/tokens';
import { newId } from '@/lib/ids';
import { SCOPES, type Scope } from './scopes';

const TOKEN_PREFIX = 'tw';

export type CreateApiKeyInput = {
  userId: string;
  /** Bound workspace; null mints a legacy unbound key. */
  workspaceId: string | null;
  name: string;
  scopes?: readonly Scope[];
  /** When the key stops working; null or absent: never. */
  expiresAt?: Date | null;
};

export type CreatedApiKey = {
  id: string;
  token: string;
  tokenPrefix: string;
  scopes: Scope[];
  expiresAt: Date | null;
};

/** Mints a key. The token is returned here once; only its SHA-256 is stored. */
export async function createApiKey(db: DbOrTx, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const token = newSecretToken(TOKEN_PREFIX);
  const key = {
    id: newId('apiKey'),
    userId: input.userId,
    workspaceId: input.workspaceId,
    name: input.name,
    tokenHash: sha256Hex(token),
    tokenPrefix: token.slice(0, 10),
    scopes: [...(input.scopes ?? SCOPES)],
    expiresAt: input.expiresAt ?? null,
  };
  await db.insert(apiKeys).values(key);
  return {
    id: key.id,
    token,
    tokenPrefix: key.tokenPrefix,
    scopes: key.scopes as Scope[],
    expiresAt: key.expiresAt,
  };
}

type Visibility = { workspaceId: string; userId: string; canManageWorkspaceKeys: boolean };

/**
 * The keys a person handles from a workspace's console: their own keys bound to it and their own unbound keys;
 * owners and admins (`canManageWorkspaceKeys`) also every key bound to the workspace.
 */
function visibleKeys(opts: Visibility) {
  const own = and(
    eq(apiKeys.userId, opts.userId),
    or(eq(apiKeys.workspaceId, opts.workspaceId), isNull(apiKeys.workspaceId)),
  );
  return opts.canManageWorkspaceKeys ? or(eq(apiKeys.workspaceId, opts.workspaceId), own) : own;
}

/** The keys a person sees in a workspace's console (see `visibleKeys`), newest first, with their owner. */
export async function listApiKeys(db: DbOrTx, opts: Visibility) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      tokenPrefix: apiKeys.tokenPrefix,
      workspaceId: apiKeys.workspaceId,
      userId: apiKeys.userId,
      ownerAddress: users.address,
      ownerName: users.name,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      createdAt: apiKeys.createdAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(visibleKeys(opts))
    .orderBy(desc(apiKeys.id));
}

export type RevokedApiKey = { id: string; name: string; tokenPrefix: string; workspaceId: string | null };

/**
 * Revokes at once: the next request with the token fails. Anyone may revoke their own keys; owners and admins
 * also keys bound to the workspace. Returns null when no such live key was visible.
 */
export async function revokeApiKey(
  db: DbOrTx,
  opts: { keyId: string } & Visibility,
): Promise<RevokedApiKey | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, opts.keyId), isNull(apiKeys.revokedAt), visibleKeys(opts)))
    .returning({
      id: apiKeys.id,
      name: apiKeys.name,
      tokenPrefix: apiKeys.tokenPrefix,
      workspaceId: apiKeys.workspaceId,
    });
  return row ?? null;
}
