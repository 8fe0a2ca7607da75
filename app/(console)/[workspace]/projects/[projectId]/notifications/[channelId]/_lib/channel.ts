import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { getChannel } from '@/lib/alerts/channels/service';
import { orNotFound } from '@/lib/console/not-found';

/** The notification channel of the URL, in the project of the URL; anything else is a 404. Once per request. */
export const loadChannel = cache(async (workspaceId: string, projectId: string, channelId: string) => {
  const channel = await orNotFound(getChannel(getDb(), workspaceId, channelId));
  if (channel.projectId !== projectId) notFound();
  return channel;
});
