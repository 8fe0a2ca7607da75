'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { CreateChannelBody } from '@/lib/alerts/channel-schemas';
import { createChannel, deleteChannel, queueTestNotification } from '@/lib/alerts/channels/service';
import { kickDelivery } from '@/lib/alerts/delivery';
import { consoleActor } from '@/lib/audit/actor';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { runConsoleAction } from '@/lib/console/action';

const pagePath = (workspaceSlug: string, projectId: string) =>
  `/${workspaceSlug}/projects/${projectId}/notifications`;

export type ChannelForm = {
  kind: string;
  name: string;
  url?: string;
  to?: string;
  botToken?: string;
  chatId?: string;
};

/** Creates a channel; a webhook's signing secret comes back this once (the dialog shows it). */
export async function createChannelAction(workspaceSlug: string, projectId: string, form: ChannelForm) {
  return runConsoleAction(async () => {
    const { workspace, user } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const blank = (v?: string) => (v?.trim() ? v.trim() : undefined);
    const body = CreateChannelBody.parse({
      projectId,
      kind: form.kind,
      name: form.name,
      url: blank(form.url),
      to: blank(form.to),
      botToken: blank(form.botToken),
      chatId: blank(form.chatId),
    });
    const channel = await createChannel(getDb(), workspace.id, body, consoleActor(user));
    revalidatePath(pagePath(workspaceSlug, projectId));
    return { id: channel.id, name: channel.name, signingSecret: channel.signingSecret ?? null };
  });
}

export async function testChannelAction(workspaceSlug: string, projectId: string, channelId: string) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const queued = await queueTestNotification(getDb(), workspace.id, channelId);
    await kickDelivery([queued.id]);
    revalidatePath(pagePath(workspaceSlug, projectId));
    return { id: queued.id };
  });
}

export async function deleteChannelAction(workspaceSlug: string, projectId: string, channelId: string) {
  return runConsoleAction(async () => {
    const { workspace, user } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    await deleteChannel(getDb(), workspace.id, channelId, consoleActor(user));
    revalidatePath(pagePath(workspaceSlug, projectId));
    return null;
  });
}
