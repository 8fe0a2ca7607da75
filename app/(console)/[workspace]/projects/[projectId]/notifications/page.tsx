// /{workspace}/projects/{projectId}/notifications — the project's notification channels and their state.
import { Bell } from 'lucide-react';
import type { Metadata } from 'next';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/db/client';
import { listChannels } from '@/lib/alerts/channels/service';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { loadProject } from '../_lib/project';
import { ChannelsTable } from './_components/channels-table';
import { CreateChannelDialog } from './_components/create-channel-dialog';

export const metadata: Metadata = { title: 'Notifications' };

export default async function NotificationsPage({
  params,
}: {
  params: Promise<{ workspace: string; projectId: string }>;
}) {
  const { workspace: slug, projectId } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const channels = await listChannels(getDb(), workspace.id, project.id);
  const create = <CreateChannelDialog workspaceSlug={slug} projectId={project.id} />;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="font-semibold text-lg tracking-tight">Notification channels</h2>
          <p className="max-w-2xl text-muted-foreground text-sm">
            Where this project&apos;s alerts go: signed webhooks, email, Slack, Discord or Telegram. Each
            message is retried with backoff; a channel whose messages keep failing is marked failing.
          </p>
        </div>
        {/* always here (not in the empty state): the dialog keeps showing a new webhook's secret after the list
            re-renders with its first channel */}
        {canMutate && create}
      </div>
      <Card>
        {channels.length === 0 ? (
          <EmptyState
            icon={Bell}
            title="No channels yet"
            description="Add a channel, send it a test, then point alert rules at it."
          />
        ) : (
          <ChannelsTable
            workspaceSlug={slug}
            projectId={project.id}
            channels={channels}
            canMutate={canMutate}
          />
        )}
      </Card>
    </div>
  );
}
