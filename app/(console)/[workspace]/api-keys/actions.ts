'use server';

import { z } from 'zod';
import { getDb } from '@/db/client';
import { createConsoleApiKey, revokeConsoleApiKey } from '@/lib/auth/console-api-keys';
import { consoleAction } from '@/lib/console/workspace-action';

const KeyId = z.string().min(1).max(64);

const keysPath = (workspaceSlug: string) => `/${workspaceSlug}/api-keys`;

/**
 * Mints a key bound to this workspace with the scopes and expiry chosen (owners and admins). The token is
 * returned once and never stored.
 */
export async function createApiKeyAction(workspaceSlug: string, input: unknown) {
  const revalidate = keysPath(workspaceSlug);
  return consoleAction(workspaceSlug, { revalidate }, async ({ user, workspace, actor }) => {
    const key = await createConsoleApiKey(getDb(), {
      workspaceId: workspace.id,
      userId: user.id,
      actor,
      input,
    });
    return { token: key.token, prefix: key.tokenPrefix, workspaceId: workspace.id };
  });
}

/**
 * Revokes a key at once. Anyone may revoke their own keys; owners and admins may also revoke keys bound to
 * the workspace (revoking only ever takes access away).
 */
export async function revokeApiKeyAction(workspaceSlug: string, keyId: string) {
  const revalidate = keysPath(workspaceSlug);
  return consoleAction(
    workspaceSlug,
    { allow: 'members', revalidate },
    async ({ user, workspace, canMutate, actor }) => {
      await revokeConsoleApiKey(getDb(), {
        keyId: KeyId.parse(keyId),
        workspaceId: workspace.id,
        userId: user.id,
        canManageWorkspaceKeys: canMutate,
        actor,
      });
      return null;
    },
  );
}
