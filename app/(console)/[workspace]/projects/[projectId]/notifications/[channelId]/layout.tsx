// /{workspace}/projects/{projectId}/notifications/{channelId}/*: checks the channel exists before its loading placeholder streams, so a missing one answers 404.
import type { ReactNode } from 'react';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { loadProject } from '../../_lib/project';
import { loadChannel } from './_lib/channel';

export default async function ChannelLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ workspace: string; projectId: string; channelId: string }>;
}) {
  const { workspace: slug, projectId, channelId } = await params;
  const { workspace } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  await loadChannel(workspace.id, project.id, channelId);
  return children;
}
