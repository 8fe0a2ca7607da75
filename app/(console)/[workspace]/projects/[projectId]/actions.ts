'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { consoleActor } from '@/lib/audit/actor';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { runConsoleAction } from '@/lib/console/action';
import { CreateSecretBody, RotateSecretBody } from '@/lib/secrets/schemas';
import { createSecret, deleteSecret, rotateSecret } from '@/lib/secrets/service';

const projectPath = (workspaceSlug: string, projectId: string) => `/${workspaceSlug}/projects/${projectId}`;

export async function createSecretAction(
  workspaceSlug: string,
  projectId: string,
  input: { name: string; value: string },
) {
  return runConsoleAction(async () => {
    const { workspace, user } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = CreateSecretBody.parse({ projectId, name: input.name.trim(), value: input.value });
    const secret = await createSecret(getDb(), workspace.id, consoleActor(user), body);
    revalidatePath(projectPath(workspaceSlug, projectId));
    return { id: secret.id, name: secret.name };
  });
}

export async function rotateSecretAction(
  workspaceSlug: string,
  projectId: string,
  secretId: string,
  value: string,
) {
  return runConsoleAction(async () => {
    const { workspace, user } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = RotateSecretBody.parse({ value });
    const secret = await rotateSecret(getDb(), workspace.id, consoleActor(user), secretId, body.value);
    revalidatePath(projectPath(workspaceSlug, projectId));
    return { version: secret.version };
  });
}

export async function deleteSecretAction(workspaceSlug: string, projectId: string, secretId: string) {
  return runConsoleAction(async () => {
    const { workspace, user } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    await deleteSecret(getDb(), workspace.id, consoleActor(user), secretId);
    revalidatePath(projectPath(workspaceSlug, projectId));
    return null;
  });
}
