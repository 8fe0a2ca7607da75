import { History } from 'lucide-react';
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/db/client';
import { formatUtc } from '@/lib/console/format';
import { listExecutableExecutions } from '@/lib/executions/queries';
import { ExecutionsTable } from '../../../executions/_components/executions-table';
import { isUnfinished } from '../../../executions/_components/model';
import { PendingRefresh } from '../../../profiles/_components/pending-refresh';
import { nextRunOf } from '../../_components/schedule';
import type { SectionProps } from './data';

const RECENT_EXECUTIONS = 20;

/**
 * The latest executions. The page re-renders itself every 2 s while one of them is unfinished (the header does so
 * while the executable provisions or switches its release, on every tab).
 */
export async function ExecutionsSection({ ids, workspaceId, executable }: SectionProps) {
  const { data: executions } = await listExecutableExecutions(getDb(), workspaceId, executable.id, {
    limit: RECENT_EXECUTIONS,
  });
  const nextRun = nextRunOf(executable);
  const busy = executions.some((e) => isUnfinished(e.status));
  return (
    <>
      <PendingRefresh active={busy} intervalMs={2000} />
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Executions</CardTitle>
            <CardDescription>
              The latest {RECENT_EXECUTIONS} runs, newest first; unfinished ones update on their own.
            </CardDescription>
          </div>
          <Link
            href={`/${ids.workspaceSlug}/projects/${ids.projectId}/executions`}
            className="shrink-0 text-muted-foreground text-sm transition-colors hover:text-foreground"
          >
            All project executions
          </Link>
        </CardHeader>
        <CardContent className="px-0 pb-0">
          {executions.length === 0 ? (
            <EmptyState
              icon={History}
              title="No executions yet"
              description={
                nextRun
                  ? `The schedule runs it next at ${formatUtc(nextRun)}; Run now or Simulate to try it sooner.`
                  : 'Runs show up here: from the schedule, a webhook, Run now or Simulate.'
              }
              className="py-10"
            />
          ) : (
            <div className="border-t" data-testid="executable-executions">
              <ExecutionsTable
                workspaceSlug={ids.workspaceSlug}
                projectId={ids.projectId}
                executions={executions}
              />
            </div>
          )}
        </CardContent>
      </Card>
    </>
  );
}
