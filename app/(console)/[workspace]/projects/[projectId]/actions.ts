'use server';

import { getDb } from '@/db/client';
import { consoleAction } from '@/lib/console/workspace-action';
import { CreateSecretBody, RotateSecretBody } from '@/lib/secrets/schemas';
import { createSecret, deleteSecret, rotateSecret } from '@/lib/secrets/service';

const projectPath = (workspaceSlug: string, projectId: string) => `/${workspaceSlug}/projects/${projectId}`;

export async function createSecretAction(
  workspaceSlug: string,
  projectId: string,
  input: { name: string; value: string },
) {
  const revalidate = projectPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const body = CreateSecretBody.parse({ projectId, name: input.name.trim(), value: input.value });
    const secret = await createSecret(getDb(), workspace.id, actor, body);
    return { id: secret.id, name: secret.name };
  });
}

export async function rotateSecretAction(
  workspaceSlug: string,
  projectId: string,
  secretId: string,
  value: string,
) {
  const revalidate = projectPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const body = RotateSecretBody.parse({ value });
    const secret = await rotateSecret(getDb(), workspace.id, actor, secretId, body.value);
    return { version: secret.version };
  });
}

export async function deleteSecretAction(workspaceSlug: string, projectId: string, secretId: string) {
  const revalidate = projectPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    await deleteSecret(getDb(), workspace.id, actor, secretId);
    return null;
  });
}
