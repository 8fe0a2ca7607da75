import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Delivery } from '@/lib/alerts/channels/service';
import { formatDate, formatRelative } from '@/lib/console/format';

/** The badge variant of a notification's state. */
export const STATE_VARIANT = { delivered: 'success', failed: 'destructive', pending: 'warning' } as const;

/** A notification's attempts: number, ok or failed, response code, latency, error and when. */
export function DeliveryAttempts({ attempts }: { attempts: Delivery['attempts'] }) {
  if (attempts.length === 0) return <span className="text-muted-foreground text-sm">none yet</span>;
  return (
    <ol className="grid gap-1 text-sm">
      {attempts.map((a) => (
        <li key={a.attempt} data-testid="delivery-attempt" className="flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">#{a.attempt}</span>
          <Badge variant={a.ok ? 'success' : 'destructive'}>{a.ok ? 'ok' : 'failed'}</Badge>
          <span className="font-mono">{a.responseCode ?? '—'}</span>
          <span className="text-muted-foreground">{a.latencyMs} ms</span>
          {a.error && <span className="text-destructive">{a.error}</span>}
          <span className="text-muted-foreground text-xs" title={formatDate(a.at)}>
            {formatRelative(a.at)}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Each notification with its attempts, newest first. */
export function DeliveriesList({ deliveries }: { deliveries: Delivery[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Notification</TableHead>
          <TableHead>State</TableHead>
          <TableHead>Attempts</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {deliveries.map((d) => (
          <TableRow key={d.id} data-testid="delivery-row" className="align-top">
            <TableCell>
              <div className="font-medium">{d.title}</div>
              <div className="text-muted-foreground text-xs" title={formatDate(d.createdAt)}>
                <span className="font-mono">{d.id}</span> · {d.event} · {formatRelative(d.createdAt)}
              </div>
            </TableCell>
            <TableCell>
              <Badge variant={STATE_VARIANT[d.state]} data-testid="delivery-state">
                {d.state}
              </Badge>
              {d.nextAttemptAt && (
                <div className="mt-1 text-muted-foreground text-xs">
                  next try {formatRelative(d.nextAttemptAt)}
                </div>
              )}
            </TableCell>
            <TableCell>
              <DeliveryAttempts attempts={d.attempts} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
