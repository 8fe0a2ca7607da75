import { BellOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Incident } from '@/lib/alerts/incidents';
import { formatUtc } from '@/lib/console/format';

/** Open and recent incidents: title, when opened and when resolved. */
export function IncidentsCard({ incidents, description }: { incidents: Incident[]; description: string }) {
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
                <TableRow key={i.id} data-state={i.state}>
                  <TableCell className="pl-6 font-medium">{i.title}</TableCell>
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
