import Link from 'next/link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FINAL_EXECUTION_STATUSES } from '@/db/enums';
import { ExecutionStatusBadge } from './execution-status-badge';
import { type ExecutionStatus, isUnfinished } from './model';

/**
 * The project's executions of the last 24 hours by outcome, each count linking to the Executions tab filtered
 * to it; the unfinished ones in one line.
 */
export function RecentActivity({
  counts,
  executionsHref,
}: {
  counts: Map<ExecutionStatus, number>;
  executionsHref: string;
}) {
  const inProgress = [...counts]
    .filter(([status]) => isUnfinished(status))
    .reduce((sum, [, n]) => sum + n, 0);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Last 24 hours</CardTitle>
      </CardHeader>
      <CardContent>
        {total === 0 ? (
          <p className="text-muted-foreground text-sm">No executions in the last 24 hours.</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="recent-activity">
            {FINAL_EXECUTION_STATUSES.filter((status) => counts.get(status)).map((status) => (
              <li key={status} className="flex items-center justify-between gap-2">
                <ExecutionStatusBadge status={status} />
                <Link
                  href={
                    status === 'submitted_unknown' ? executionsHref : `${executionsHref}?status=${status}`
                  }
                  className="font-medium tabular-nums hover:underline"
                  data-testid={`recent-${status}`}
                >
                  {counts.get(status)}
                </Link>
              </li>
            ))}
            {inProgress > 0 && (
              <li className="flex items-center justify-between gap-2 text-muted-foreground">
                <span>in progress</span>
                <span className="tabular-nums">{inProgress}</span>
              </li>
            )}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
