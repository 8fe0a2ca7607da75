'use server';

import { randomUUID } from 'node:crypto';
import { getDb } from '@/db/client';
import type { Actor } from '@/lib/audit/actor';
import type { ActionResult } from '@/lib/console/action';
import { serverActionOrigin } from '@/lib/console/origin';
import { consoleAction } from '@/lib/console/workspace-action';
import {
  updateArgs,
  updateGasMode,
  updatePinned,
  updateProfile,
  updateSecrets,
  updateTrigger,
} from '@/lib/executables/facets';
import {
  deleteExecutable,
  pauseExecutable,
  regenerateExecutable,
  reprovisionExecutable,
  requestFunctionSwitch,
  resumeExecutable,
} from '@/lib/executables/lifecycle';
import {
  ArgsBody,
  CreateExecutableBody,
  FunctionSwitchBody,
  GasModeBody,
  PinnedBody,
  ProfileBody,
  SecretsBody,
  TriggerBody,
} from '@/lib/executables/schemas';
import { createExecutable } from '@/lib/executables/service';
import { requestRun } from '@/lib/executions/queue';
import { WriteStorageBody } from '@/lib/storage/schemas';
import { readStorage, writeStorage } from '@/lib/storage/service';
import { CreateWebhookBody, RenameWebhookBody } from '@/lib/webhooks/schemas';
import { createWebhook, renameWebhook, revokeWebhook, rotateWebhook } from '@/lib/webhooks/service';
import { triggerFieldOf } from './_components/chain-draft';
import type { TriggerInput } from './_components/schedule';

/** A trigger refusal (`invalid_trigger`, `invalid_cron`) names its field, for the form to show it there. */
function withTriggerField<T>(result: ActionResult<T>): ActionResult<T> {
  if (result.ok || result.field || (result.code !== 'invalid_trigger' && result.code !== 'invalid_cron'))
    return result;
  return { ...result, field: triggerFieldOf(result.error) };
}

const executablesPath = (workspaceSlug: string, projectId: string) =>
  `/${workspaceSlug}/projects/${projectId}/executables`;
const detailPath = (workspaceSlug: string, projectId: string, executableId: string) =>
  `${executablesPath(workspaceSlug, projectId)}/${executableId}`;

/**
 * A change to one executable by an owner or admin (consoleAction); `change` gets the person as the audit actor;
 * then the executable's page (and, with `list`, the executables list) is revalidated.
 */
function onExecutable<T>(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  change: (workspaceId: string, actor: Actor) => Promise<T>,
  opts: { list?: boolean } = {},
) {
  const detail = detailPath(workspaceSlug, projectId, executableId);
  const revalidate = opts.list ? [executablesPath(workspaceSlug, projectId), detail] : detail;
  return consoleAction(workspaceSlug, { revalidate }, ({ workspace, actor }) => change(workspace.id, actor));
}

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
  const revalidate = executablesPath(workspaceSlug, projectId);
  const result = await consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const body = CreateExecutableBody.parse({
      projectId,
      name: input.name,
      functionId: input.functionId,
      profileId: input.profileId,
      trigger: input.trigger,
      args: input.args.trim() || undefined,
      gasMode: input.gasMode || undefined,
    });
    const executable = await createExecutable(getDb(), workspace.id, actor, body);
    return { id: executable.id, name: executable.name };
  });
  return withTriggerField(result);
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
  return onExecutable(
    workspaceSlug,
    projectId,
    executableId,
    async (workspaceId, actor) => {
      const executable = await LIFECYCLE[op](getDb(), workspaceId, actor, executableId);
      return { name: executable.name, state: executable.state };
    },
    { list: true },
  );
}

/** Run now (`dryRun: false`) or Simulate: queues a manual execution; its row shows up on the page. */
export async function requestRunAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  dryRun: boolean,
) {
  return onExecutable(workspaceSlug, projectId, executableId, async (workspaceId) => {
    const execution = await requestRun(getDb(), workspaceId, executableId, dryRun);
    return { id: execution.id, status: execution.status };
  });
}

export async function updateTriggerAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  trigger: TriggerInput,
) {
  const result = await onExecutable(workspaceSlug, projectId, executableId, async (workspaceId, actor) => {
    const body = TriggerBody.parse({ trigger });
    const executable = await updateTrigger(getDb(), workspaceId, actor, executableId, body.trigger);
    return { nextRunAt: executable.nextRunAt };
  });
  return withTriggerField(result);
}

export async function updateArgsAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  args: string,
) {
  return onExecutable(workspaceSlug, projectId, executableId, async (workspaceId, actor) => {
    await updateArgs(getDb(), workspaceId, actor, executableId, ArgsBody.parse({ args }).args);
    return null;
  });
}

export async function updateGasModeAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  input: {
    gasMode: string;
    gasFallback?: boolean;
    sponsorshipProvider?: string;
    maxFeePerGas?: string | null;
    maxCostPerRun?: string | null;
    privateSubmission?: string;
  },
) {
  return onExecutable(workspaceSlug, projectId, executableId, async (workspaceId, actor) => {
    await updateGasMode(getDb(), workspaceId, actor, executableId, GasModeBody.parse(input));
    return null;
  });
}

export async function updateProfileAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  profileId: string,
) {
  return onExecutable(
    workspaceSlug,
    projectId,
    executableId,
    async (workspaceId, actor) => {
      await updateProfile(
        getDb(),
        workspaceId,
        actor,
        executableId,
        ProfileBody.parse({ profileId }).profileId,
      );
      return null;
    },
    { list: true },
  );
}

export async function updateSecretsAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  secretBindings: { secretId: string; envKey: string }[],
) {
  return onExecutable(workspaceSlug, projectId, executableId, async (workspaceId, actor) => {
    const body = SecretsBody.parse({ secretBindings });
    await updateSecrets(getDb(), workspaceId, actor, executableId, body.secretBindings);
    return null;
  });
}

export async function updatePinnedAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  pinned: boolean,
) {
  return onExecutable(
    workspaceSlug,
    projectId,
    executableId,
    async (workspaceId, actor) => {
      const body = PinnedBody.parse({ pinned });
      const executable = await updatePinned(getDb(), workspaceId, actor, executableId, body.pinned);
      return { pinned: executable.pinned };
    },
    { list: true },
  );
}

export async function switchFunctionAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  functionId: string,
) {
  return onExecutable(workspaceSlug, projectId, executableId, async (workspaceId, actor) => {
    const body = FunctionSwitchBody.parse({ functionId });
    return requestFunctionSwitch(getDb(), workspaceId, actor, executableId, body, randomUUID());
  });
}

export async function readStorageAction(workspaceSlug: string, executableId: string) {
  return consoleAction(workspaceSlug, { allow: 'members' }, async ({ workspace }) =>
    readStorage(getDb(), workspace.id, executableId),
  );
}

/** A write at `expectedVersion`; a conflict answers the server's current value with it, for the editor. */
export async function writeStorageAction(
  workspaceSlug: string,
  executableId: string,
  input: { value: unknown; expectedVersion: number },
) {
  const result = await consoleAction(workspaceSlug, {}, async ({ workspace }) => {
    const body = WriteStorageBody.parse(input);
    return writeStorage(getDb(), workspace.id, executableId, body);
  });
  if (result.ok || result.code !== 'storage_version_conflict') return result;
  const current = await readStorageAction(workspaceSlug, executableId);
  return current.ok ? { ...result, details: { ...result.details, current: current.data } } : result;
}

export async function createWebhookAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  name: string,
) {
  return onExecutable(workspaceSlug, projectId, executableId, async (workspaceId, actor) => {
    const body = CreateWebhookBody.parse({ name });
    const origin = await serverActionOrigin();
    const webhook = await createWebhook(getDb(), workspaceId, actor, executableId, body.name, origin);
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
  return onExecutable(workspaceSlug, projectId, executableId, async (workspaceId, actor) => {
    const webhook = await renameWebhook(
      getDb(),
      workspaceId,
      actor,
      webhookId,
      RenameWebhookBody.parse({ name }).name,
    );
    return { name: webhook.name };
  });
}

export async function rotateWebhookAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  webhookId: string,
) {
  return onExecutable(workspaceSlug, projectId, executableId, async (workspaceId, actor) => {
    const webhook = await rotateWebhook(getDb(), workspaceId, actor, webhookId, await serverActionOrigin());
    return { id: webhook.id, name: webhook.name, url: webhook.url };
  });
}

export async function revokeWebhookAction(
  workspaceSlug: string,
  projectId: string,
  executableId: string,
  webhookId: string,
) {
  return onExecutable(workspaceSlug, projectId, executableId, async (workspaceId, actor) => {
    const webhook = await revokeWebhook(getDb(), workspaceId, actor, webhookId);
    return { name: webhook.name };
  });
}
