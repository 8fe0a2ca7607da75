import { ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { RelativeTime } from '@/components/ui/relative-time';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDuration, formatNumber } from '@/lib/console/format';
import { ExecutionOutcome } from './execution-outcome';
import { ExecutionStatusBadge } from './execution-status-badge';
import { ExecutionTrigger } from './execution-trigger';
import { type Execution, executionHref } from './model';
import { TxHash } from './tx-hash';

const dash = <span className="text-muted-foreground">—</span>;

/**
 * Executions, newest first: status, when (with the trigger and duration under it), outcome, transaction and
 * gas. With `executableNames` (id → name) a column names each row's executable, for lists that mix them.
 * Seven columns at most, so it fits the console's column from 1280 px wide without scrolling sideways.
 */
export function ExecutionsTable({
  workspaceSlug,
  projectId,
  executions,
  executableNames,
}: {
  workspaceSlug: string;
  projectId: string;
  executions: Execution[];
  executableNames?: Record<string, string>;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Status</TableHead>
          <TableHead>When</TableHead>
          {executableNames && <TableHead>Executable</TableHead>}
          <TableHead>Outcome</TableHead>
          <TableHead>Transaction</TableHead>
          <TableHead className="text-right">Gas used</TableHead>
          <TableHead>
            <span className="sr-only">Open</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {executions.map((e) => {
          const href = executionHref(workspaceSlug, projectId, e.id);
          const name = executableNames?.[e.executableId];
          return (
            // the whole row opens the execution: its time link stretches over it (copy buttons stay above)
            <TableRow key={e.id} data-testid="execution-row" data-status={e.status} className="relative">
              <TableCell>
                <ExecutionStatusBadge status={e.status} dryRun={e.dryRun} />
              </TableCell>
              <TableCell>
                <span className="grid gap-0.5">
                  <Link
                    href={href}
                    className="font-medium after:absolute after:inset-0 hover:underline"
                    data-testid="execution-link"
                  >
                    <RelativeTime value={e.scheduledAt} />
                  </Link>
                  <span className="flex items-center gap-1.5 text-muted-foreground text-xs">
                    <ExecutionTrigger trigger={e.trigger} />
                    {e.durationMs !== null && (
                      <span className="tabular-nums" data-testid="execution-duration">
                        · {formatDuration(e.durationMs)}
                      </span>
                    )}
                  </span>
                </span>
              </TableCell>
              {executableNames && (
                <TableCell>
                  {name ? (
                    <span className="block max-w-40 truncate" title={name}>
                      {name}
                    </span>
                  ) : (
                    <code className="block max-w-40 truncate font-mono text-muted-foreground text-xs">
                      {e.executableId}
                    </code>
                  )}
                </TableCell>
              )}
              <TableCell className="whitespace-normal">
                <ExecutionOutcome execution={e} />
              </TableCell>
              <TableCell>
                {e.txHash ? (
                  <span className="relative z-10">
                    <TxHash hash={e.txHash} />
                  </span>
                ) : (
                  dash
                )}
              </TableCell>
              <TableCell className="text-right font-mono text-xs tabular-nums">
                {e.gasUsed ? formatNumber(Number(e.gasUsed)) : dash}
              </TableCell>
              <TableCell className="w-8">
                <Link
                  href={href}
                  aria-label="Open execution"
                  tabIndex={-1}
                  className="flex text-muted-foreground transition-colors hover:text-foreground"
                >
                  <ChevronRight className="size-4" />
                </Link>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
