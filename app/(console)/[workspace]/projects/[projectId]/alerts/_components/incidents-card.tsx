import { BellOff } from 'lucide-react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { IncidentDelivery } from '@/lib/alerts/channels/service';
import type { Incident } from '@/lib/alerts/incidents';
import { formatUtc } from '@/lib/console/format';
import { DeliveryAttempts, STATE_VARIANT } from '../../notifications/_components/deliveries-list';

/** An incident's notifications (fired, resolved) per channel, each with its delivery attempts. */
function IncidentNotifications({
  notifications,
  channelsHref,
}: {
  notifications: IncidentDelivery[];
  channelsHref: string;
}) {
  if (notifications.length === 0)
    return <p className="mt-1 text-muted-foreground text-xs">No notification: the rule has no channel.</p>;
  return (
    <ul className="mt-2 grid gap-2" aria-label="Notifications">
      {notifications.map((n) => (
        <li key={n.id} data-testid="incident-notification" className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <span className="text-muted-foreground">{n.event}</span>
            <Link href={`${channelsHref}/${n.channelId}`} className="font-medium hover:underline">
              {n.channelName}
            </Link>
            <Badge variant={STATE_VARIANT[n.state]}>{n.state}</Badge>
          </div>
          <DeliveryAttempts attempts={n.attempts} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Open and recent incidents: title, when opened and when resolved, and under the title the notifications sent
 * for it with their delivery attempts (each channel links to its Deliveries page).
 */
export function IncidentsCard({
  incidents,
  notifications,
  channelsHref,
  description,
}: {
  incidents: Incident[];
  notifications: IncidentDelivery[];
  /** The project's notification channels page: `${channelsHref}/${channelId}` is a channel's deliveries. */
  channelsHref: string;
  description: string;
}) {
  return (
    <Card data-testid="alert-incidents">
      <CardHeader>
        <CardTitle>Incidents</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-0 pb-0">
        {incidents.length === 0 ? (
          <EmptyState icon={BellOff} title="No incidents" description="Nothing has fired yet." />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="pl-6">Incident</TableHead>
                <TableHead>State</TableHead>
                <TableHead>Opened</TableHead>
                <TableHead className="pr-6">Resolved</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {incidents.map((i) => (
                <TableRow key={i.id} data-state={i.state} data-testid="incident-row" className="align-top">
                  <TableCell className="whitespace-normal pl-6">
                    <div className="font-medium">{i.title}</div>
                    <IncidentNotifications
                      notifications={notifications.filter((n) => n.incidentId === i.id)}
                      channelsHref={channelsHref}
                    />
                  </TableCell>
                  <TableCell>
                    <Badge variant={i.state === 'open' ? 'destructive' : 'secondary'}>{i.state}</Badge>
                  </TableCell>
                  <TableCell className="text-sm">{formatUtc(i.openedAt)}</TableCell>
                  <TableCell className="pr-6 text-sm">
                    {i.resolvedAt ? formatUtc(i.resolvedAt) : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
