import Link from 'next/link';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { LatencyByWindow, LatencyWindow } from '@/lib/executions/latency';
import { adherenceCount, adherenceText, percentilesText } from '@/lib/executions/latency-format';

type Row = { executableId: string; name: string; windows: LatencyByWindow };

const WINDOWS: { key: LatencyWindow; label: string }[] = [
  { key: '24h', label: 'Last 24 hours' },
  { key: '7d', label: 'Last 7 days' },
];

/**
 * Per executable of a project and window: p50 / p95 trigger → confirmed with the confirmed runs' count, then the
 * schedule adherence with its counts.
 */
export function LatencyTable({ rows, executablesHref }: { rows: Row[]; executablesHref: string }) {
  return (
    <Table data-testid="project-latency">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Executable</TableHead>
          {WINDOWS.map((w) => (
            <TableHead key={w.key}>{w.label}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.executableId} data-testid="project-latency-row" data-executable={r.executableId}>
            <TableCell>
              <Link
                href={`${executablesHref}/${r.executableId}`}
                className="block max-w-40 truncate font-medium hover:underline"
                title={r.name}
              >
                {r.name}
              </Link>
            </TableCell>
            {WINDOWS.map((w) => {
              const f = r.windows[w.key];
              return (
                <TableCell key={w.key}>
                  <span className="grid gap-0.5">
                    <span data-testid={`confirmed-${w.key}`}>
                      <span className="tabular-nums">{percentilesText(f.confirmed)}</span>
                      <span className="text-muted-foreground text-xs"> · {f.confirmed.count} confirmed</span>
                    </span>
                    <span data-testid={`adherence-${w.key}`}>
                      <span className="tabular-nums">{adherenceText(f.adherence)}</span>
                      <span className="text-muted-foreground text-xs"> · {adherenceCount(f.adherence)}</span>
                    </span>
                  </span>
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
