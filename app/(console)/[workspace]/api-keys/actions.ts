'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { consoleActor } from '@/lib/audit/actor';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { createConsoleApiKey, revokeConsoleApiKey } from '@/lib/auth/console-api-keys';
import { runConsoleAction } from '@/lib/console/action';

const KeyId = z.string().min(1).max(64);

/**
 * Mints a key bound to this workspace with the scopes and expiry chosen (owners and admins). The token is
 * returned once and never stored.
 */
export async function createApiKeyAction(workspaceSlug: string, input: unknown) {
  return runConsoleAction(async () => {
    const { user, workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const key = await createConsoleApiKey(getDb(), {
      workspaceId: workspace.id,
      userId: user.id,
      actor: consoleActor(user),
      input,
    });
    revalidatePath(`/${workspaceSlug}/api-keys`);
    return { token: key.token, prefix: key.tokenPrefix, workspaceId: workspace.id };
  });
}

/**
 * Revokes a key at once. Anyone may revoke their own keys; owners and admins may also revoke keys bound to
 * the workspace (revoking only ever takes access away).
 */
export async function revokeApiKeyAction(workspaceSlug: string, keyId: string) {
  return runConsoleAction(async () => {
    const { user, workspace, canMutate } = await requireWorkspaceAccess(workspaceSlug);
    await revokeConsoleApiKey(getDb(), {
      keyId: KeyId.parse(keyId),
      workspaceId: workspace.id,
      userId: user.id,
      canManageWorkspaceKeys: canMutate,
      actor: consoleActor(user),
    });
    revalidatePath(`/${workspaceSlug}/api-keys`);
    return null;
  });
}
