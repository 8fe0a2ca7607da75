import Link from 'next/link';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatUtc } from '@/lib/console/format';
import { ADHERENCE_TOLERANCE_MS, type TimelineRun } from '@/lib/executions/latency';
import { spanText } from '@/lib/executions/latency-format';
import { ExecutionStatusBadge } from '../../executions/_components/execution-status-badge';
import { type ExecutionStatus, executionHref } from '../../executions/_components/model';

const MARK: Record<ExecutionStatus, string> = {
  pending: 'bg-muted-foreground/40',
  running: 'bg-primary',
  simulating: 'bg-primary',
  submitted: 'bg-warning',
  confirmed: 'bg-success',
  failed: 'bg-destructive',
  skipped: 'bg-muted-foreground',
  submitted_unknown: 'bg-warning',
};

const late = (r: TimelineRun) => r.trigger === 'schedule' && (r.lagMs ?? 0) > ADHERENCE_TOLERANCE_MS;

const runSummary = (r: TimelineRun) =>
  [
    r.status,
    r.trigger,
    `due ${formatUtc(r.scheduledAt)}`,
    r.lagMs === null ? 'not started' : `started ${spanText(r.lagMs)} after`,
    r.durationMs !== null && `ran ${spanText(r.durationMs)}`,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The executable's recent runs on a time line (one mark per run, by due time, colored by status, a late
 * scheduled run marked below), each mark linking to its execution; the same runs as a table under it, so
 * nothing needs hovering.
 */
export function RunTimeline({
  workspaceSlug,
  projectId,
  runs,
  now,
}: {
  workspaceSlug: string;
  projectId: string;
  runs: TimelineRun[];
  now: number;
}) {
  const from = Math.min(...runs.map((r) => Date.parse(r.scheduledAt)));
  const span = Math.max(now - from, 1);
  const left = (r: TimelineRun) => ((Date.parse(r.scheduledAt) - from) / span) * 100;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1 px-6">
        <ul
          className="relative h-10 rounded-md border bg-muted/30"
          aria-label="Recent runs by due time"
          data-testid="run-timeline"
        >
          {runs.map((r) => (
            <li
              key={r.id}
              className="-translate-x-1/2 absolute top-1.5 bottom-1.5 w-1.5"
              style={{ left: `calc(0.5rem + (100% - 1rem) * ${left(r) / 100})` }}
            >
              <Link
                href={executionHref(workspaceSlug, projectId, r.id)}
                title={runSummary(r)}
                aria-label={runSummary(r)}
                data-testid="timeline-mark"
                data-status={r.status}
                className="flex h-full w-full flex-col items-center gap-0.5 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className={cn('w-full flex-1 rounded-sm', MARK[r.status])} />
                {late(r) && <span className="size-1 rounded-full bg-destructive" aria-hidden />}
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex justify-between text-muted-foreground text-xs">
          <span>{formatUtc(new Date(from))}</span>
          <span>now</span>
        </div>
      </div>
      <div className="max-h-96 overflow-y-auto border-t">
        <Table data-testid="run-timeline-table">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Status</TableHead>
              <TableHead>Due</TableHead>
              <TableHead>Trigger</TableHead>
              <TableHead className="text-right">Start lag</TableHead>
              <TableHead className="text-right">Duration</TableHead>
              <TableHead className="text-right">Trigger → end</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.map((r) => (
              <TableRow key={r.id} data-testid="timeline-row" data-status={r.status}>
                <TableCell>
                  <ExecutionStatusBadge status={r.status} dryRun={r.dryRun} />
                </TableCell>
                <TableCell>
                  <Link
                    href={executionHref(workspaceSlug, projectId, r.id)}
                    className="tabular-nums hover:underline"
                  >
                    {formatUtc(r.scheduledAt)}
                  </Link>
                </TableCell>
                <TableCell className="text-muted-foreground text-xs">
                  {r.trigger}
                  {r.dryRun && ' (dry run)'}
                </TableCell>
                <TableCell className={cn('text-right tabular-nums', late(r) && 'text-destructive')}>
                  <span data-testid="timeline-lag">{spanText(r.lagMs)}</span>
                  {late(r) && <span className="sr-only"> (late)</span>}
                </TableCell>
                <TableCell className="text-right tabular-nums">{spanText(r.durationMs)}</TableCell>
                <TableCell className="text-right tabular-nums">{spanText(r.totalMs)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
