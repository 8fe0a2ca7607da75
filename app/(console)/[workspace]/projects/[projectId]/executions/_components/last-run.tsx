import Link from 'next/link';
import { RelativeTime } from '@/components/ui/relative-time';
import { ExecutionStatusBadge } from './execution-status-badge';
import type { Execution } from './model';

/** An executable's newest execution in a list cell: its status over when, linking to it; a dash when none. */
export function LastRun({
  execution,
  href,
}: {
  execution?: Execution;
  href: (executionId: string) => string;
}) {
  if (!execution) return <span className="text-muted-foreground text-xs">—</span>;
  return (
    <Link
      href={href(execution.id)}
      className="grid w-fit justify-items-start gap-1 hover:underline"
      data-testid="last-run"
    >
      <ExecutionStatusBadge status={execution.status} dryRun={execution.dryRun} />
      <RelativeTime value={execution.createdAt} className="text-muted-foreground text-xs" />
    </Link>
  );
}
