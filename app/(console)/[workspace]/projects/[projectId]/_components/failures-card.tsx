import { CircleCheck } from 'lucide-react';
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RelativeTime } from '@/components/ui/relative-time';
import type { ProjectFailures } from '../_lib/failures';
import { ExecutableStateBadge } from '../executables/_components/state-badge';
import { ExecutionStatusBadge } from '../executions/_components/execution-status-badge';
import { executionHref } from '../executions/_components/model';

/**
 * The top of a project's overview: what is failing (executables in error, open incidents, the last day's failed
 * runs), each linking to where it is looked into; one line when nothing is.
 */
export function FailuresCard({
  failures: { inError, openIncidents, failedRuns, executableNames },
  failedCount,
  workspaceSlug,
  projectId,
}: {
  failures: ProjectFailures;
  /** The last day's failed runs, all of them (`failedRuns` holds only the latest few). */
  failedCount: number;
  workspaceSlug: string;
  projectId: string;
}) {
  if (inError.length === 0 && openIncidents.length === 0 && failedCount === 0) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm" data-testid="project-all-healthy">
        <CircleCheck className="size-4 text-emerald-600" aria-hidden />
        All healthy: no executable in error, no open incident and no failed run in the last 24 hours.
      </p>
    );
  }
  const base = `/${workspaceSlug}/projects/${projectId}`;
  return (
    <Card className="border-destructive/40" data-testid="project-failures">
      <CardHeader>
        <CardTitle>Needs attention</CardTitle>
        <CardDescription>
          Executables in error, open incidents and the last day&apos;s failed runs.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 text-sm">
        {inError.length > 0 && (
          <ul className="grid gap-2" aria-label="Executables in error">
            {inError.map((e) => (
              <li
                key={e.id}
                className="flex min-w-0 flex-wrap items-center gap-2"
                data-testid="failing-executable"
              >
                <ExecutableStateBadge state={e.state} />
                <Link href={`${base}/executables/${e.id}`} className="font-medium hover:underline">
                  {e.name}
                </Link>
                {e.stateReason && (
                  <span className="min-w-0 break-words text-muted-foreground">{e.stateReason}</span>
                )}
              </li>
            ))}
          </ul>
        )}
        {openIncidents.length > 0 && (
          <ul className="grid gap-2" aria-label="Open incidents">
            {openIncidents.map((i) => (
              <li
                key={i.id}
                className="flex min-w-0 flex-wrap items-center gap-2"
                data-testid="failing-incident"
              >
                <Link href={`${base}/alerts`} className="min-w-0 break-words font-medium hover:underline">
                  {i.title}
                </Link>
                <RelativeTime value={i.openedAt} className="text-muted-foreground text-xs" />
              </li>
            ))}
          </ul>
        )}
        {failedCount > 0 && (
          <div className="grid gap-2">
            <ul className="grid gap-2" aria-label="Failed runs">
              {failedRuns.map((e) => (
                <li
                  key={e.id}
                  className="flex min-w-0 flex-wrap items-center gap-2"
                  data-testid="failing-run"
                >
                  <ExecutionStatusBadge status={e.status} dryRun={e.dryRun} />
                  <Link
                    href={executionHref(workspaceSlug, projectId, e.id)}
                    className="font-medium hover:underline"
                  >
                    {executableNames[e.executableId] ?? e.executableId}
                  </Link>
                  <RelativeTime value={e.createdAt} className="text-muted-foreground text-xs" />
                </li>
              ))}
            </ul>
            <Link
              href={`${base}/executions?status=failed`}
              className="w-fit text-muted-foreground hover:text-foreground hover:underline"
              data-testid="failed-runs-count"
            >
              {failedCount === 1 ? '1 failed run' : `${failedCount} failed runs`} in the last 24 hours
            </Link>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
