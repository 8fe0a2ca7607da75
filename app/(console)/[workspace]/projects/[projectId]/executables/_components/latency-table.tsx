import Link from 'next/link';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { LatencyByWindow, LatencyWindow } from '@/lib/executions/latency';
import { adherenceCount, adherenceText, percentilesText, runsCount } from './latency-format';

type Row = { executableId: string; name: string; windows: LatencyByWindow };

const WINDOWS: { key: LatencyWindow; label: string }[] = [
  { key: '24h', label: '24 h' },
  { key: '7d', label: '7 d' },
];

/** Per executable of a project: p50 / p95 trigger → confirmed and schedule adherence over 24 h and 7 days. */
export function LatencyTable({ rows, executablesHref }: { rows: Row[]; executablesHref: string }) {
  return (
    <Table data-testid="project-latency">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Executable</TableHead>
          {WINDOWS.map((w) => (
            <TableHead key={`c-${w.key}`} className="text-right">
              Confirmed p50 / p95, {w.label}
            </TableHead>
          ))}
          {WINDOWS.map((w) => (
            <TableHead key={`a-${w.key}`} className="text-right">
              On time, {w.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.executableId} data-testid="project-latency-row" data-executable={r.executableId}>
            <TableCell>
              <Link
                href={`${executablesHref}/${r.executableId}`}
                className="block max-w-48 truncate font-medium hover:underline"
                title={r.name}
              >
                {r.name}
              </Link>
            </TableCell>
            {WINDOWS.map((w) => (
              <TableCell key={`c-${w.key}`} className="text-right" data-testid={`confirmed-${w.key}`}>
                <span className="grid gap-0.5">
                  <span className="tabular-nums">{percentilesText(r.windows[w.key].confirmed)}</span>
                  <span className="text-muted-foreground text-xs">
                    {runsCount(r.windows[w.key].confirmed.count, 'confirmed')}
                  </span>
                </span>
              </TableCell>
            ))}
            {WINDOWS.map((w) => (
              <TableCell key={`a-${w.key}`} className="text-right" data-testid={`adherence-${w.key}`}>
                <span className="grid gap-0.5">
                  <span className="tabular-nums">{adherenceText(r.windows[w.key].adherence)}</span>
                  <span className="text-muted-foreground text-xs">
                    {adherenceCount(r.windows[w.key].adherence)}
                  </span>
                </span>
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
