import { getDb } from '@/db/client';
import { listIncidents } from '@/lib/alerts/incidents';
import { listProjectExecutions } from '@/lib/executions/queries';
import { projectExecutables } from '../executables/_components/data';

const SHOWN = 5;

/**
 * What is failing in a project: its executables in error, its open incidents and its latest failed runs since
 * `since` (at most a few of each; `executableNames` names the runs' executables).
 */
export async function loadProjectFailures(workspaceId: string, projectId: string, since: Date) {
  const [executables, openIncidents, failed] = await Promise.all([
    projectExecutables(workspaceId, projectId),
    listIncidents(getDb(), workspaceId, { projectId, state: 'open', limit: SHOWN }),
    listProjectExecutions(getDb(), workspaceId, { projectId, status: 'failed', limit: SHOWN }),
  ]);
  return {
    inError: executables.filter((e) => e.state === 'error'),
    openIncidents,
    failedRuns: failed.data.filter((e) => new Date(e.createdAt) >= since),
    executableNames: Object.fromEntries(executables.map((e) => [e.id, e.name])),
  };
}

export type ProjectFailures = Awaited<ReturnType<typeof loadProjectFailures>>;
