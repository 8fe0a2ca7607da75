// /{workspace}/projects/{projectId} — one project's overview: first what is failing (or one "all healthy" line),
// then its secrets, its executables' latency, details and the last day's runs.
import { LockKeyhole } from 'lucide-react';
import type { Metadata } from 'next';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyableDetail, Detail, DetailsCard } from '@/components/ui/detail';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/db/client';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { formatDate } from '@/lib/console/format';
import { projectLatency } from '@/lib/executions/latency';
import { executionCountsSince } from '@/lib/executions/queries';
import { listSecrets } from '@/lib/secrets/service';
import { EnvironmentBadge } from '../_components/environment-badge';
import { CreateSecretDialog } from './_components/create-secret-dialog';
import { FailuresCard } from './_components/failures-card';
import { SecretsTable } from './_components/secrets-table';
import { loadProjectFailures } from './_lib/failures';
import { loadProject } from './_lib/project';
import { LatencyTable } from './executables/_components/latency-table';
import { RecentActivity } from './executions/_components/recent-activity';

const DAY_MS = 24 * 60 * 60 * 1000;

export const metadata: Metadata = { title: 'Project' };

export default async function ProjectPage({
  params,
}: {
  params: Promise<{ workspace: string; projectId: string }>;
}) {
  const { workspace: slug, projectId } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const since = new Date(Date.now() - DAY_MS);
  const [secrets, recent, latency, failures] = await Promise.all([
    listSecrets(getDb(), workspace.id, project.id),
    executionCountsSince(getDb(), workspace.id, project.id, since),
    projectLatency(getDb(), workspace.id, project.id),
    loadProjectFailures(workspace.id, project.id, since),
  ]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <FailuresCard
        failures={failures}
        failedCount={recent.get('failed') ?? 0}
        workspaceSlug={slug}
        projectId={project.id}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="grid grid-cols-1 gap-6 self-start">
          <Card>
            <CardHeader className="flex-row items-start justify-between gap-4 pb-5">
              <div className="grid gap-1.5">
                <CardTitle>Secrets</CardTitle>
                <CardDescription>
                  Write-only values your tasks read with{' '}
                  <code className="font-mono text-xs">secrets.get()</code>. Once saved, a value is never shown
                  again.
                </CardDescription>
              </div>
              {canMutate && secrets.length > 0 && (
                <CreateSecretDialog workspaceSlug={slug} projectId={project.id} />
              )}
            </CardHeader>
            {secrets.length === 0 ? (
              <EmptyState
                className="border-t"
                icon={LockKeyhole}
                title="No secrets yet"
                description="Store API keys and other credentials here, then bind them to executables."
                action={
                  canMutate ? <CreateSecretDialog workspaceSlug={slug} projectId={project.id} /> : undefined
                }
              />
            ) : (
              <SecretsTable
                workspaceSlug={slug}
                projectId={project.id}
                secrets={secrets}
                canMutate={canMutate}
              />
            )}
          </Card>
          <Card>
            <CardHeader className="pb-5">
              <CardTitle>Latency</CardTitle>
              <CardDescription>
                Per executable: trigger → confirmed (p50 / p95) and the share of scheduled runs that started
                within 5 s of their due time, over the last 24 hours and 7 days.
              </CardDescription>
            </CardHeader>
            {latency.length === 0 ? (
              <p className="border-t px-6 py-6 text-muted-foreground text-sm">
                No executables in this project yet.
              </p>
            ) : (
              <div className="border-t">
                <LatencyTable
                  rows={latency}
                  executablesHref={`/${slug}/projects/${project.id}/executables`}
                />
              </div>
            )}
          </Card>
        </div>
        <div className="grid grid-cols-1 gap-6 self-start">
          <RecentActivity counts={recent} executionsHref={`/${slug}/projects/${project.id}/executions`} />
          <DetailsCard>
            <CopyableDetail label="Project ID" value={project.id} copyLabel="Copy project ID" />
            <Detail label="Slug">
              <code className="font-mono text-xs">{project.slug}</code>
            </Detail>
            <Detail label="Environment">
              <EnvironmentBadge environment={project.environment} />
            </Detail>
            <Detail label="Created">{formatDate(project.createdAt)}</Detail>
            <Detail label="Last updated">{formatDate(project.updatedAt)}</Detail>
          </DetailsCard>
        </div>
      </div>
    </div>
  );
}
