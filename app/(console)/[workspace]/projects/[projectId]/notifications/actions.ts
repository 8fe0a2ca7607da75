'use server';

import { getDb } from '@/db/client';
import { CreateChannelBody } from '@/lib/alerts/channel-schemas';
import { createChannel, deleteChannel, queueTestNotification } from '@/lib/alerts/channels/service';
import { kickDelivery } from '@/lib/alerts/delivery';
import { consoleAction } from '@/lib/console/workspace-action';

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
  const revalidate = pagePath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
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
    const channel = await createChannel(getDb(), workspace.id, body, actor);
    return { id: channel.id, name: channel.name, signingSecret: channel.signingSecret ?? null };
  });
}

export async function testChannelAction(workspaceSlug: string, projectId: string, channelId: string) {
  const revalidate = pagePath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace }) => {
    const queued = await queueTestNotification(getDb(), workspace.id, channelId);
    await kickDelivery([queued.id]);
    return { id: queued.id };
  });
}

export async function deleteChannelAction(workspaceSlug: string, projectId: string, channelId: string) {
  const revalidate = pagePath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    await deleteChannel(getDb(), workspace.id, channelId, actor);
    return null;
  });
}
