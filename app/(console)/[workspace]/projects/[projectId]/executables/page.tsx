// /{workspace}/projects/{projectId}/executables — scheduled runs of function releases with a profile.
import { Star, Timer } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { formatUtc } from '@/lib/console/format';
import { latestExecutions } from '@/lib/executions/queries';
import { planAllowances } from '@/lib/usage/allowances';
import { PLANS } from '@/lib/usage/plans';
import { PlanAllowanceNote } from '../../../_components/plan-allowance-note';
import { loadProject } from '../_lib/project';
import { LastRun } from '../executions/_components/last-run';
import { executionHref } from '../executions/_components/model';
import { PendingRefresh } from '../profiles/_components/pending-refresh';
import { chainOptions } from './_components/chain-options';
import { CreateExecutableDialog } from './_components/create-executable-dialog';
import { projectExecutables, projectProfiles, releaseOptions } from './_components/data';
import { nextRunOf, triggerSummary } from './_components/schedule';
import { ExecutableStateBadge } from './_components/state-badge';

export const metadata: Metadata = { title: 'Executables' };

export default async function ExecutablesPage({
  params,
}: {
  params: Promise<{ workspace: string; projectId: string }>;
}) {
  const { workspace: slug, projectId } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const plan = PLANS[workspace.plan];
  const [executables, releases, profiles, allowances] = await Promise.all([
    projectExecutables(workspace.id, project.id),
    releaseOptions(workspace.id, project.id),
    projectProfiles(workspace.id, project.id),
    planAllowances(getDb(), workspace.id, plan),
  ]);
  const lastRun = await latestExecutions(
    getDb(),
    workspace.id,
    executables.map((e) => e.id),
  );
  const releaseLabel = new Map(releases.map((r) => [r.id, r.label]));
  const profileName = new Map(profiles.map((p) => [p.id, p.name]));
  const base = `/${slug}/projects/${project.id}/executables`;
  const create = (
    <PlanAllowanceNote
      workspaceSlug={slug}
      planName={plan.name}
      allowance={allowances.executables}
      noun="executables"
      testId="executables-left"
    >
      <CreateExecutableDialog
        workspaceSlug={slug}
        projectId={project.id}
        functions={releases}
        profiles={profiles
          .filter((p) => p.state === 'active')
          .map((p) => ({ id: p.id, label: `${p.name} · ${p.chainId}`, kind: p.kind, chainId: p.chainId }))}
        chains={chainOptions()}
      />
    </PlanAllowanceNote>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <PendingRefresh
        active={executables.some((e) => e.state === 'provisioning' || e.pendingFunctionSwitch)}
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="font-semibold text-lg tracking-tight">Executables</h2>
          <p className="max-w-2xl text-muted-foreground text-sm">
            A function release on a schedule: each run evaluates the task and sends its calls with the
            profile.
          </p>
        </div>
        {canMutate && executables.length > 0 && create}
      </div>
      <Card>
        {executables.length === 0 ? (
          <EmptyState
            icon={Timer}
            title="No executables yet"
            description="Pick a function release, an active profile and a schedule."
            action={canMutate ? create : undefined}
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Name</TableHead>
                <TableHead>State</TableHead>
                <TableHead>Schedule</TableHead>
                <TableHead>Last run</TableHead>
                <TableHead>Function · profile</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {executables.map((e) => {
                const nextRun = nextRunOf(e);
                const release = releaseLabel.get(e.functionId) ?? e.functionId;
                const profile = profileName.get(e.profileId) ?? e.profileId;
                return (
                  <TableRow key={e.id} data-testid="executable-row" data-name={e.name}>
                    <TableCell>
                      <span className="flex items-center gap-1.5">
                        {e.pinned && (
                          <Star
                            className="size-3.5 shrink-0 fill-current text-amber-500"
                            aria-label="Pinned"
                            data-testid="executable-pin"
                          />
                        )}
                        <Link
                          href={`${base}/${e.id}`}
                          className="max-w-48 truncate font-medium hover:underline"
                          title={e.name}
                        >
                          {e.name}
                        </Link>
                      </span>
                    </TableCell>
                    <TableCell>
                      <ExecutableStateBadge state={e.state} />
                    </TableCell>
                    <TableCell>
                      <span className="grid gap-0.5">
                        <code className="font-mono text-xs">{triggerSummary(e.trigger)}</code>
                        <span className="text-muted-foreground text-xs" data-testid="executable-row-next-run">
                          {nextRun ? `next ${formatUtc(nextRun)}` : 'not scheduled'}
                        </span>
                      </span>
                    </TableCell>
                    <TableCell>
                      <LastRun
                        execution={lastRun.get(e.id)}
                        href={(id) => executionHref(slug, project.id, id)}
                      />
                    </TableCell>
                    <TableCell>
                      <span className="grid max-w-48 gap-0.5">
                        <code className="truncate font-mono text-xs" title={release}>
                          {release}
                        </code>
                        <span className="truncate text-muted-foreground text-xs" title={profile}>
                          {profile}
                        </span>
                      </span>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
