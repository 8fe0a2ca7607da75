import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { newSecretToken, sha256Hex } from '@/lib/crypto/tokens';
import { newId } from '@/lib/ids';
import { SCOPES, type Scope } from './scopes';

export const TOKEN_PREFIX = 'tw';

export type CreateApiKeyInput = {
  userId: string;
  /** Bound workspace; null mints a legacy unbound key. */
  workspaceId: string | null;
  name: string;
  scopes?: readonly Scope[];
};

export type CreatedApiKey = { id: string; token: string; tokenPrefix: string; scopes: Scope[] };

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
  };
  await db.insert(apiKeys).values(key);
  return { id: key.id, token, tokenPrefix: key.tokenPrefix, scopes: key.scopes as Scope[] };
}

/** Keys a person can see in a workspace's console: the ones bound to it plus their own unbound keys. */
export async function listApiKeys(db: DbOrTx, opts: { workspaceId: string; userId: string }) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      tokenPrefix: apiKeys.tokenPrefix,
      workspaceId: apiKeys.workspaceId,
      userId: apiKeys.userId,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      createdAt: apiKeys.createdAt,
    })
    .from(apiKeys)
    .where(
      or(
        eq(apiKeys.workspaceId, opts.workspaceId),
        and(isNull(apiKeys.workspaceId), eq(apiKeys.userId, opts.userId)),
      ),
    )
    .orderBy(desc(apiKeys.id));
}

/** Revokes at once: the next request with the token fails. Returns false when no such live key was visible. */
export async function revokeApiKey(
  db: DbOrTx,
  opts: { keyId: string; workspaceId: string; userId: string; canManageWorkspaceKeys: boolean },
): Promise<boolean> {
  const visible = opts.canManageWorkspaceKeys
    ? or(
        eq(apiKeys.workspaceId, opts.workspaceId),
        and(isNull(apiKeys.workspaceId), eq(apiKeys.userId, opts.userId)),
      )
    : eq(apiKeys.userId, opts.userId);
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, opts.keyId), isNull(apiKeys.revokedAt), visible))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
