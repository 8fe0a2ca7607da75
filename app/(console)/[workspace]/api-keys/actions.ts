'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/api/errors';
import { createApiKey, revokeApiKey } from '@/lib/auth/api-keys';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { SCOPES } from '@/lib/auth/scopes';
import { runConsoleAction } from '@/lib/console/action';

const KeyName = z.string().trim().min(1, 'Give the key a name').max(64, 'At most 64 characters');

/** Mints a legacy unbound key for the signed-in person; the token is returned once and never stored. */
export async function createApiKeyAction(workspaceSlug: string, name: string) {
  return runConsoleAction(async () => {
    const { user } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const key = await createApiKey(getDb(), {
      userId: user.id,
      workspaceId: null,
      name: KeyName.parse(name),
      scopes: SCOPES,
    });
    revalidatePath(`/${workspaceSlug}/api-keys`);
    return { token: key.token, prefix: key.tokenPrefix };
  });
}

/**
 * Revokes a key at once. Anyone may revoke their own keys; owners and admins may also revoke keys bound to
 * the workspace (revoking only ever takes access away).
 */
export async function revokeApiKeyAction(workspaceSlug: string, keyId: string) {
  return runConsoleAction(async () => {
    const { user, workspace, canMutate } = await requireWorkspaceAccess(workspaceSlug);
    const revoked = await revokeApiKey(getDb(), {
      keyId,
      workspaceId: workspace.id,
      userId: user.id,
      canManageWorkspaceKeys: canMutate,
    });
    if (!revoked) throw new ApiError(404, 'not_found', 'This key does not exist or is already revoked.');
    revalidatePath(`/${workspaceSlug}/api-keys`);
    return null;
  });
}
