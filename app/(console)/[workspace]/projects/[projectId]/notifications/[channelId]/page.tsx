// /{workspace}/projects/{projectId}/notifications/{channelId} — a channel's recent notifications and every
// delivery attempt (status, response code, latency, error).
import { ChevronLeft, Inbox } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/db/client';
import { listDeliveries } from '@/lib/alerts/channels/service';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { loadProject } from '../../_lib/project';
import { PendingRefresh } from '../../profiles/_components/pending-refresh';
import { ChannelActions } from '../_components/channel-actions';
import { ChannelStateBadge, destinationOf, KIND_LABELS } from '../_components/channel-state';
import { DeliveriesList } from '../_components/deliveries-list';
import { loadChannel } from './_lib/channel';

export const metadata: Metadata = { title: 'Deliveries' };

export default async function ChannelDeliveriesPage({
  params,
}: {
  params: Promise<{ workspace: string; projectId: string; channelId: string }>;
}) {
  const { workspace: slug, projectId, channelId } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const channel = await loadChannel(workspace.id, project.id, channelId);
  const deliveries = await listDeliveries(getDb(), workspace.id, channel.id);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PendingRefresh active={deliveries.some((d) => d.state === 'pending')} />
      <Link
        href={`/${slug}/projects/${project.id}/notifications`}
        className="flex w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ChevronLeft className="size-4" />
        Notification channels
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 font-semibold text-lg tracking-tight">
            {channel.name}
            <ChannelStateBadge state={channel.state} />
          </h2>
          <p className="text-muted-foreground text-sm">
            {KIND_LABELS[channel.kind]} · <span className="font-mono">{destinationOf(channel.config)}</span>
            {channel.consecutiveFailures > 0 &&
              ` · ${channel.consecutiveFailures} notification(s) in a row failed for good`}
          </p>
        </div>
        <ChannelActions
          workspaceSlug={slug}
          projectId={project.id}
          channel={{ id: channel.id, name: channel.name }}
          canMutate={canMutate}
        />
      </div>
      <Card>
        {deliveries.length === 0 ? (
          <EmptyState
            icon={Inbox}
            title="Nothing sent yet"
            description="Send a test: each attempt, its response code and latency show here."
          />
        ) : (
          <DeliveriesList deliveries={deliveries} />
        )}
      </Card>
    </div>
  );
}
