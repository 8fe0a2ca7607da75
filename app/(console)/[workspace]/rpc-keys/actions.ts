'use server';

import { z } from 'zod';
import { getDb } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import { recordAudit } from '@/lib/audit/log';
import { consoleAction } from '@/lib/console/workspace-action';
import { createRpcKey, revokeRpcKey } from '@/lib/gateway/keys';

const KeyName = z.string().trim().min(1, 'Give the key a name').max(64, 'At most 64 characters');

const keysPath = (workspaceSlug: string) => `/${workspaceSlug}/rpc-keys`;

/** Mints an RPC key of the workspace (owners and admins); the token is returned once and never stored. */
export async function createRpcKeyAction(workspaceSlug: string, name: string) {
  const revalidate = keysPath(workspaceSlug);
  return consoleAction(workspaceSlug, { revalidate }, async ({ user, workspace, actor }) => {
    const keyName = KeyName.parse(name);
    const key = await getDb().transaction(async (tx) => {
      const created = await createRpcKey(tx, {
        workspaceId: workspace.id,
        name: keyName,
        createdBy: user.id,
      });
      await recordAudit(tx, {
        workspaceId: workspace.id,
        actor,
        action: 'rpc_key.created',
        target: { type: 'rpc_key', id: created.id },
        details: { name: keyName, prefix: created.tokenPrefix },
      });
      return created;
    });
    return { id: key.id, token: key.token, prefix: key.tokenPrefix };
  });
}

/** Revokes a key of the workspace (owners and admins): the gateway refuses it within seconds (docs/gateway.md). */
export async function revokeRpcKeyAction(workspaceSlug: string, keyId: string) {
  const revalidate = keysPath(workspaceSlug);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    await getDb().transaction(async (tx) => {
      const revoked = await revokeRpcKey(tx, { keyId, workspaceId: workspace.id });
      if (!revoked) throw apiError('not_found', 'This key does not exist or is already revoked.');
      await recordAudit(tx, {
        workspaceId: workspace.id,
        actor,
        action: 'rpc_key.revoked',
        target: { type: 'rpc_key', id: revoked.id },
        details: { name: revoked.name },
      });
    });
    return null;
  });
}
