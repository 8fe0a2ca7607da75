import { AlertTriangle } from 'lucide-react';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { listIncidents } from '@/lib/alerts/incidents';
import { listExecutableExecutions } from '@/lib/executions/queries';
import { LastRun } from '../../../executions/_components/last-run';
import { executionHref, isUnfinished } from '../../../executions/_components/model';
import { PendingRefresh } from '../../../profiles/_components/pending-refresh';
import type { SectionProps } from './data';
import { executableTabHref } from './tabs';

const INCIDENTS_COUNTED = 100;

/**
 * Next to the state badge: the last run (status and when, linking to it) and the open incidents (linking to the
 * Runs & health tab), so an active executable that keeps failing says so at the top. On every tab, the page
 * re-renders itself every 2 s while the executable provisions, switches its release or its last run is unfinished.
 */
export async function HealthSummary({ ids, workspaceId, executable }: SectionProps) {
  const [{ data: runs }, open] = await Promise.all([
    listExecutableExecutions(getDb(), workspaceId, executable.id, { limit: 1 }),
    listIncidents(getDb(), workspaceId, {
      projectId: ids.projectId,
      executableId: executable.id,
      state: 'open',
      limit: INCIDENTS_COUNTED,
    }),
  ]);
  const base = `/${ids.workspaceSlug}/projects/${ids.projectId}/executables/${executable.id}`;
  const busy =
    executable.state === 'provisioning' ||
    Boolean(executable.pendingFunctionSwitch) ||
    (runs[0] !== undefined && isUnfinished(runs[0].status));
  const count = open.length >= INCIDENTS_COUNTED ? `${INCIDENTS_COUNTED}+` : String(open.length);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-testid="executable-health">
      <PendingRefresh active={busy} intervalMs={2000} />
      <span className="flex items-center gap-2">
        <span className="text-muted-foreground text-xs">Last run</span>
        {runs[0] ? (
          <LastRun execution={runs[0]} href={(id) => executionHref(ids.workspaceSlug, ids.projectId, id)} />
        ) : (
          <span className="text-muted-foreground text-xs" data-testid="last-run">
            none yet
          </span>
        )}
      </span>
      <Link
        href={`${executableTabHref(base, 'runs')}#incidents`}
        className={
          open.length > 0
            ? 'flex items-center gap-1 font-medium text-destructive text-xs hover:underline'
            : 'text-muted-foreground text-xs hover:underline'
        }
        data-testid="executable-open-incidents"
        data-count={open.length}
      >
        {open.length > 0 && <AlertTriangle className="size-3.5" aria-hidden />}
        {open.length === 1 ? '1 open incident' : `${count} open incidents`}
      </Link>
    </div>
  );
}
