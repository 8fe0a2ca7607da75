import { z } from 'zod';
import type { Db } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { createApiKey, revokeApiKey } from './api-keys';
import { KEY_EXPIRY_CHOICES, keyExpiresAt } from './key-expiry';
import { SCOPES } from './scopes';

/** What the console's creation dialog sends. */
const ConsoleApiKeyInput = z.object({
  name: z.string().trim().min(1, 'Give the key a name').max(64, 'At most 64 characters'),
  scopes: z
    .array(z.enum(SCOPES, { error: (issue) => `Unknown scope ${JSON.stringify(issue.input)}` }))
    .min(1, 'Choose at least one scope')
    .transform((scopes) => SCOPES.filter((scope) => scopes.includes(scope))),
  expiry: z.enum(KEY_EXPIRY_CHOICES, { error: 'Choose when the key expires' }),
});

export type ConsoleApiKeyInput = z.input<typeof ConsoleApiKeyInput>;

/**
 * Mints a key bound to the workspace whose console created it (it cannot act in another), with the scopes and
 * expiry chosen, and records `api_key.created` in the same transaction. The token is returned once.
 */
export async function createConsoleApiKey(
  db: Db,
  opts: { workspaceId: string; userId: string; actor: Actor; input: unknown },
) {
  const input = ConsoleApiKeyInput.parse(opts.input);
  return db.transaction(async (tx) => {
    const key = await createApiKey(tx, {
      userId: opts.userId,
      workspaceId: opts.workspaceId,
      name: input.name,
      scopes: input.scopes,
      expiresAt: keyExpiresAt(input.expiry),
    });
    await recordAudit(tx, {
      workspaceId: opts.workspaceId,
      actor: opts.actor,
      action: 'api_key.created',
      target: { type: 'api_key', id: key.id },
      details: {
        name: input.name,
        prefix: key.tokenPrefix,
        scopes: key.scopes,
        expiresAt: key.expiresAt?.toISOString() ?? null,
      },
    });
    return key;
  });
}

/** Revokes a key visible from this workspace's console and records `api_key.revoked` with it. */
export async function revokeConsoleApiKey(
  db: Db,
  opts: { workspaceId: string; userId: string; canManageWorkspaceKeys: boolean; actor: Actor; keyId: string },
) {
  return db.transaction(async (tx) => {
    const key = await revokeApiKey(tx, opts);
    if (!key) throw apiError('not_found', 'This key does not exist or is already revoked.');
    await recordAudit(tx, {
      workspaceId: opts.workspaceId,
      actor: opts.actor,
      action: 'api_key.revoked',
      target: { type: 'api_key', id: key.id },
      details: { name: key.name, prefix: key.tokenPrefix },
    });
    return key;
  });
}
