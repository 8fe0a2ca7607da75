import Link from 'next/link';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Channel } from '@/lib/alerts/channels/service';
import { formatDate, formatRelative } from '@/lib/console/format';
import { ChannelActions } from './channel-actions';
import { ChannelStateBadge, destinationOf, KIND_LABELS } from './channel-state';

const when = (at: string | null) => (at ? formatRelative(at) : '—');

export function ChannelsTable({
  workspaceSlug,
  projectId,
  channels,
  canMutate,
}: {
  workspaceSlug: string;
  projectId: string;
  channels: Channel[];
  canMutate: boolean;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Name</TableHead>
          <TableHead>Sends to</TableHead>
          <TableHead>State</TableHead>
          <TableHead>Last activity</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {channels.map((c) => (
          <TableRow key={c.id} data-testid="channel-row">
            <TableCell>
              <Link
                href={`/${workspaceSlug}/projects/${projectId}/notifications/${c.id}`}
                className="font-medium hover:underline"
              >
                {c.name}
              </Link>
              <div className="text-muted-foreground text-xs">{KIND_LABELS[c.kind] ?? c.kind}</div>
            </TableCell>
            <TableCell className="max-w-56 truncate font-mono text-[13px]" title={destinationOf(c.config)}>
              {destinationOf(c.config)}
            </TableCell>
            <TableCell>
              <ChannelStateBadge state={c.state} />
            </TableCell>
            <TableCell className="text-muted-foreground text-xs">
              <div title={c.lastDeliveredAt ? formatDate(c.lastDeliveredAt) : undefined}>
                Delivered {when(c.lastDeliveredAt)}
              </div>
              <div title={c.lastFailedAt ? formatDate(c.lastFailedAt) : undefined}>
                Failed {when(c.lastFailedAt)}
              </div>
            </TableCell>
            <TableCell className="text-right">
              <ChannelActions
                workspaceSlug={workspaceSlug}
                projectId={projectId}
                channel={{ id: c.id, name: c.name }}
                canMutate={canMutate}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
