'use server';

import { randomUUID } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { getDb } from '@/db/client';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { runConsoleAction } from '@/lib/console/action';
import {
  ArgsBody,
  CreateExecutableBody,
  FunctionSwitchBody,
  GasModeBody,
  PinnedBody,
  ProfileBody,
  SecretsBody,
  SponsorshipProviderBody,
  TriggerBody,
} from '@/lib/executables/schemas';
import {
  createExecutable,
  deleteExecutable,
  pauseExecutable,
  regenerateExecutable,
  reprovisionExecutable,
  requestFunctionSwitch,
  resumeExecutable,
  updateArgs,
  updateGasMode,
  updatePinned,
  updateProfile,
  updateSecrets,
  updateSponsorshipProvider,
  updateTrigger,
} from '@/lib/executables/service';
import { WriteStorageBody } from '@/lib/storage/schemas';
import { readStorage, writeStorage } from '@/lib/storage/service';
import { CreateWebhookBody, RenameWebhookBody } from '@/lib/webhooks/schemas';
import { createWebhook, renameWebhook, revokeWebhook, rotateWebhook } from '@/lib/webhooks/service';
import type { TriggerInput } from './_components/schedule';

const executablesPath = (workspaceSlug: string, projectId: string) =>
  `/${workspaceSlug}/projects/${projectId}/executables`;
const detailPath = (workspaceSlug: string, projectId: string, executableId: string) =>
  `${executablesPath(workspaceSlug, projectId)}/${executableId}`;

export async function createExecutableAction(
  workspaceSlug: string,
  projectId: string,
  input: {
    name: string;
    functionId: string;
    profileId: string;
    trigger: TriggerInput;
    args: string;
    gasMode: string;
  },
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = CreateExecutableBody.parse({
      projectId,
      name: input.name,
      functionId: input.functionId,
      profileId: input.profileId,
      trigger: input.trigger,
      args: input.args.trim() || undefined,
      gasMode: input.gasMode || undefined,
    });
    const executable = await createExecutable(getDb(), workspace.id, body);
    revalidatePath(executablesPath(workspaceSlug, projectId));
    return { id: executable.id, name: executable.name };
  });
}

type Lifecycle = 'pause' | 'resume' | 'delete' | 'reprovision' | 'regenerate';
const LIFECYCLE = {
  pause: pauseExecutable,
  resume: resumeExecutable,
  delete: deleteExecutable,
  reprovision: reprovisionExecutable,
  regenerate: regenerateExecutable,
} as const;

export async function executableLifecycleAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  op: Lifecycle,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const run = LIFECYCLE[op];
    const executable = await run(getDb(), workspace.id, executableId);
    revalidatePath(executablesPath(workspaceSlug, projectId));
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return { name: executable.name, state: executable.state };
  });
}

export async function updateTriggerAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  trigger: TriggerInput,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = TriggerBody.parse({ trigger });
    const executable = await updateTrigger(getDb(), workspace.id, executableId, body.trigger);
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return { nextRunAt: executable.nextRunAt };
  });
}

export async function updateArgsAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  args: string,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = ArgsBody.parse({ args });
    await updateArgs(getDb(), workspace.id, executableId, body.args);
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return null;
  });
}

export async function updateGasModeAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  input: { gasMode: string; gasFallback?: boolean; sponsorshipProvider?: string },
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = GasModeBody.parse(input);
    await updateGasMode(getDb(), workspace.id, executableId, body);
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return null;
  });
}

export async function updateProfileAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  profileId: string,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = ProfileBody.parse({ profileId });
    await updateProfile(getDb(), workspace.id, executableId, body.profileId);
    revalidatePath(executablesPath(workspaceSlug, projectId));
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return null;
  });
}

export async function updateSecretsAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  secretBindings: { secretId: string; envKey: string }[],
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = SecretsBody.parse({ secretBindings });
    await updateSecrets(getDb(), workspace.id, executableId, body.secretBindings);
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return null;
  });
}

export async function updateSponsorshipProviderAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  sponsorshipProvider: string,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = SponsorshipProviderBody.parse({ sponsorshipProvider });
    await updateSponsorshipProvider(getDb(), workspace.id, executableId, body.sponsorshipProvider);
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return null;
  });
}

export async function updatePinnedAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  pinned: boolean,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = PinnedBody.parse({ pinned });
    const executable = await updatePinned(getDb(), workspace.id, executableId, body.pinned);
    revalidatePath(executablesPath(workspaceSlug, projectId));
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return { pinned: executable.pinned };
  });
}

export async function switchFunctionAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  functionId: string,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = FunctionSwitchBody.parse({ functionId });
    const result = await requestFunctionSwitch(getDb(), workspace.id, executableId, body, randomUUID());
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return result;
  });
}

export async function readStorageAction(workspaceSlug: string, executableId: string) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug);
    return readStorage(getDb(), workspace.id, executableId);
  });
}

/** A write at `expectedVersion`; a conflict answers the server's current value with it, for the editor. */
export async function writeStorageAction(
  workspaceSlug: string,
  executableId: string,
  input: { value: unknown; expectedVersion: number },
) {
  const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
  const result = await runConsoleAction(async () => {
    const body = WriteStorageBody.parse(input);
    return writeStorage(getDb(), workspace.id, executableId, body);
  });
  if (result.ok || result.code !== 'storage_version_conflict') return result;
  const current = await runConsoleAction(() => readStorage(getDb(), workspace.id, executableId));
  return current.ok ? { ...result, details: { ...result.details, current: current.data } } : result;
}

/** The origin the console is reached at (AUTH_URL when set), for the webhook URLs. */
async function consoleOrigin() {
  const configured = process.env.AUTH_URL ?? process.env.NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost:3000';
  const proto =
    h.get('x-forwarded-proto') ??
    (host.startsWith('localhost') || host.startsWith('127.') ? 'http' : 'https');
  return `${proto}://${host}`;
}

export async function createWebhookAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  name: string,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = CreateWebhookBody.parse({ name });
    const webhook = await createWebhook(
      getDb(),
      workspace.id,
      executableId,
      body.name,
      await consoleOrigin(),
    );
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return { id: webhook.id, name: webhook.name, url: webhook.url };
  });
}

export async function renameWebhookAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  webhookId: string,
  name: string,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = RenameWebhookBody.parse({ name });
    const webhook = await renameWebhook(getDb(), workspace.id, webhookId, body.name);
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return { name: webhook.name };
  });
}

export async function rotateWebhookAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  webhookId: string,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const webhook = await rotateWebhook(getDb(), workspace.id, webhookId, await consoleOrigin());
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return { id: webhook.id, name: webhook.name, url: webhook.url };
  });
}

export async function revokeWebhookAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  webhookId: string,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const webhook = await revokeWebhook(getDb(), workspace.id, webhookId);
    revalidatePath(detailPath(workspaceSlug, projectId, executableId));
    return { name: webhook.name };
  });
}
