// /{workspace}/projects/{projectId}/executables/{executableId} — one executable: lifecycle, schedule, args,
// function switch, storage, webhook URLs, Run now / Simulate, its latest executions, alert rules and incidents.

import { ChevronLeft, History, Star } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyableDetail, Detail, DetailsCard } from '@/components/ui/detail';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/db/client';
import { incidentDeliveries } from '@/lib/alerts/channels/service';
import { listIncidents } from '@/lib/alerts/incidents';
import { executableRuleViews, ruleChannelOptions } from '@/lib/alerts/rule-views';
import { ApiError } from '@/lib/api/errors';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { formatUtc, runnerLabel } from '@/lib/console/format';
import { orNotFound } from '@/lib/console/not-found';
import { GAS_MODES_BY_KIND } from '@/lib/executables/gas-modes';
import { getExecutable } from '@/lib/executables/service';
import { executableLatency, RECENT_RUNS, recentRuns } from '@/lib/executions/latency';
import { listExecutableExecutions } from '@/lib/executions/queries';
import { listSecrets } from '@/lib/secrets/service';
import { readStorage } from '@/lib/storage/service';
import { listWebhooks } from '@/lib/webhooks/service';
import { loadProject } from '../../_lib/project';
import { AlertRulesCard } from '../../alerts/_components/alert-rules-card';
import { IncidentsCard } from '../../alerts/_components/incidents-card';
import { ExecutionsTable } from '../../executions/_components/executions-table';
import { isUnfinished } from '../../executions/_components/model';
import { PendingRefresh } from '../../profiles/_components/pending-refresh';
import { projectProfiles, releaseOptions } from '../_components/data';
import { ExecutableControls } from '../_components/executable-controls';
import { GasModeForm, PinToggle, ProfileForm, SecretBindingsForm } from '../_components/facet-forms';
import { LatencyFigures } from '../_components/latency-figures';
import { RunControls } from '../_components/run-controls';
import { RunTimeline } from '../_components/run-timeline';
import { nextRunOf, triggerSummary } from '../_components/schedule';
import { ArgsForm, FunctionSwitchForm } from '../_components/settings-forms';
import { sponsorLabel } from '../_components/sponsor';
import { ExecutableStateBadge } from '../_components/state-badge';
import { StorageEditor } from '../_components/storage-editor';
import { TriggerCard } from '../_components/trigger-card';
import { WebhooksCard } from '../_components/webhooks-card';

export const metadata: Metadata = { title: 'Executable' };

const RECENT_EXECUTIONS = 20;

export default async function ExecutablePage({
  params,
}: {
  params: Promise<{ workspace: string; projectId: string; executableId: string }>;
}) {
  const { workspace: slug, projectId, executableId } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const executable = await orNotFound(getExecutable(getDb(), workspace.id, executableId));
  if (executable.projectId !== project.id) notFound();
  const now = new Date();
  const [
    releases,
    profiles,
    storage,
    webhooks,
    secrets,
    recent,
    alertRules,
    alertChannels,
    incidents,
    latency,
    timeline,
  ] = await Promise.all([
    releaseOptions(workspace.id, project.id),
    projectProfiles(workspace.id, project.id),
    readStorage(getDb(), workspace.id, executable.id).catch((error: unknown) => {
      if (error instanceof ApiError && error.status < 500) return null;
      throw error;
    }),
    listWebhooks(getDb(), workspace.id, executable.id),
    listSecrets(getDb(), workspace.id, project.id),
    listExecutableExecutions(getDb(), workspace.id, executable.id, { limit: RECENT_EXECUTIONS }),
    executableRuleViews(getDb(), workspace.id, executable.id),
    ruleChannelOptions(getDb(), project.id),
    listIncidents(getDb(), workspace.id, { projectId: project.id, executableId: executable.id, limit: 20 }),
    executableLatency(getDb(), workspace.id, executable.id, now),
    recentRuns(getDb(), workspace.id, executable.id),
  ]);
  const executions = recent.data;
  const incidentNotifications = await incidentDeliveries(
    getDb(),
    workspace.id,
    incidents.map((i) => i.id),
  );
  const label = (id: string) => releases.find((r) => r.id === id)?.label ?? id;
  const release = releases.find((r) => r.id === executable.functionId);
  const profile = profiles.find((p) => p.id === executable.profileId);
  const activeProfiles = profiles
    .filter((p) => p.state === 'active')
    .map((p) => ({ id: p.id, label: `${p.name} · ${p.kind} · ${p.chainId}` }));
  const allowedGasModes = profile ? GAS_MODES_BY_KIND[profile.kind] : [executable.gasMode];
  const secretName = (id: string) => secrets.find((s) => s.id === id)?.name ?? id;
  const ids = {
    workspaceSlug: slug,
    projectId: project.id,
    executableId: executable.id,
    profileId: executable.profileId,
  };
  const switchPending = Boolean(executable.pendingFunctionSwitch);
  const base = `/${slug}/projects/${project.id}/executables`;
  // Forms re-mount when the server's copy changes, so they never show a stale draft.
  const version = executable.updatedAt;
  const nextRun = nextRunOf(executable);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PendingRefresh
        active={
          executable.state === 'provisioning' ||
          switchPending ||
          executions.some((e) => isUnfinished(e.status))
        }
        intervalMs={2000}
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1.5">
          <Link
            href={base}
            className="flex items-center gap-1 text-muted-foreground text-sm transition-colors hover:text-foreground"
          >
            <ChevronLeft className="size-4" />
            Executables
          </Link>
          <div className="flex items-center gap-3">
            <h2 className="font-semibold text-lg tracking-tight">{executable.name}</h2>
            {canMutate ? (
              <PinToggle key={`p-${version}`} ids={ids} pinned={executable.pinned} />
            ) : (
              executable.pinned && <Star className="size-4 fill-current text-amber-500" aria-label="Pinned" />
            )}
            <span className="sr-only" data-testid="executable-pinned">
              {executable.pinned ? 'pinned' : 'not pinned'}
            </span>
            <ExecutableStateBadge state={executable.state} />
          </div>
          <p className="font-mono text-muted-foreground text-xs" data-testid="executable-function">
            {label(executable.functionId)}
          </p>
        </div>
        {canMutate && (
          <div className="flex flex-wrap items-center gap-2">
            <ExecutableControls
              key={`c-${version}`}
              ids={ids}
              executable={{
                name: executable.name,
                state: executable.state,
                switchPending,
              }}
            />
            <span className="mx-1 hidden h-6 w-px bg-border sm:block" aria-hidden />
            <RunControls ids={ids} state={executable.state} name={executable.name} />
          </div>
        )}
      </div>
      {executable.runsHeld && (
        <Alert variant="destructive" title="Runs refused: compute units used up">
          <span data-testid="executable-runs-held">{executable.runsHeld.message}</span>
        </Alert>
      )}
      {executable.stateReason && (
        <Alert variant={executable.state === 'error' ? 'destructive' : 'warning'} title="State reason">
          <span data-testid="executable-state-reason">{executable.stateReason}</span>
        </Alert>
      )}

      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Executions</CardTitle>
            <CardDescription>
              The latest {RECENT_EXECUTIONS} runs, newest first; unfinished ones update on their own.
            </CardDescription>
          </div>
          <Link
            href={`/${slug}/projects/${project.id}/executions`}
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
              <ExecutionsTable workspaceSlug={slug} projectId={project.id} executions={executions} />
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Latency</CardTitle>
          <CardDescription>
            From trigger (the due time of a scheduled run, the call of a webhook or Run now) to the confirmed
            transaction, and the share of scheduled runs that started on time.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 px-0 pb-0">
          <div className="px-6">
            <LatencyFigures windows={latency} />
          </div>
          {timeline.length === 0 ? (
            <p className="px-6 pb-6 text-muted-foreground text-sm" data-testid="run-timeline-empty">
              No runs yet: the timeline shows the latest {RECENT_RUNS} once there are some.
            </p>
          ) : (
            <RunTimeline workspaceSlug={slug} projectId={project.id} runs={timeline} now={now.getTime()} />
          )}
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="grid grid-cols-1 gap-6 self-start">
          <TriggerCard
            ids={ids}
            trigger={executable.trigger}
            nextRunAt={executable.nextRunAt}
            profileChainId={profile?.chainId ?? null}
            canMutate={canMutate}
            version={String(version)}
          />
          <Card>
            <CardHeader>
              <CardTitle>Function</CardTitle>
              <CardDescription>
                Runs {label(executable.functionId)}. Switching builds a new sandbox while the executable is
                paused.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6">
              {canMutate && (
                <FunctionSwitchForm
                  key={`f-${version}`}
                  ids={ids}
                  state={executable.state}
                  currentId={executable.functionId}
                  pendingLabel={
                    executable.pendingFunctionSwitch
                      ? label(executable.pendingFunctionSwitch.functionId)
                      : null
                  }
                  lastError={
                    executable.lastFunctionSwitchError
                      ? {
                          label: label(executable.lastFunctionSwitchError.functionId),
                          message: executable.lastFunctionSwitchError.message,
                        }
                      : null
                  }
                  releases={releases}
                />
              )}
              {canMutate ? (
                <ArgsForm
                  key={`a-${version}`}
                  ids={ids}
                  args={executable.args}
                  schema={release?.schema ?? null}
                />
              ) : (
                <pre className="font-mono text-xs">{executable.args}</pre>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Profile and gas</CardTitle>
              <CardDescription>
                Each setting saves on its own. The gas modes offered depend on the profile's kind.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6">
              {canMutate ? (
                <>
                  <ProfileForm
                    key={`pr-${version}`}
                    ids={ids}
                    currentId={executable.profileId}
                    profiles={activeProfiles}
                  />
                  <GasModeForm
                    key={`g-${version}`}
                    ids={ids}
                    gasMode={executable.gasMode}
                    gasFallback={executable.gasFallback}
                    sponsorshipProvider={executable.sponsorshipProvider}
                    allowed={allowedGasModes}
                  />
                </>
              ) : (
                <p className="text-muted-foreground text-sm">
                  {executable.gasMode} gas
                  {executable.gasMode === 'sponsored' && ` · ${sponsorLabel(executable.sponsorshipProvider)}`}
                </p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Secrets</CardTitle>
              <CardDescription>
                Project secrets exposed to runs as environment variables. Saving replaces the whole list.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {canMutate ? (
                <SecretBindingsForm
                  key={`s-${version}`}
                  ids={ids}
                  bindings={executable.secretBindings}
                  secrets={secrets.map((s) => ({ id: s.id, name: s.name }))}
                />
              ) : executable.secretBindings.length === 0 ? (
                <p className="text-muted-foreground text-sm">No secrets bound.</p>
              ) : (
                <ul className="grid gap-1 font-mono text-xs">
                  {executable.secretBindings.map((b) => (
                    <li key={b.envKey}>
                      {b.envKey} ← {secretName(b.secretId)}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Storage</CardTitle>
              <CardDescription>
                The JSON object runs read and write. Saving replaces it whole, if nobody wrote since you
                loaded it.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {storage ? (
                <StorageEditor
                  workspaceSlug={slug}
                  executableId={executable.id}
                  initial={storage}
                  canMutate={canMutate}
                />
              ) : (
                <p className="text-muted-foreground text-sm">Storage is too large to edit here.</p>
              )}
            </CardContent>
          </Card>
        </div>
        <div className="grid grid-cols-1 gap-6 self-start">
          <DetailsCard>
            <CopyableDetail label="Executable ID" value={executable.id} copyLabel="Copy executable ID" />
            <Detail label="Trigger">
              <code className="font-mono text-xs">{triggerSummary(executable.trigger)}</code>
            </Detail>
            <Detail label="Next run">
              <span data-testid="executable-next-run">
                {nextRun ? formatUtc(nextRun) : '— (not scheduled)'}
              </span>
            </Detail>
            <Detail label="Profile">
              {profile ? `${profile.name} · ${profile.chainId}` : executable.profileId}
            </Detail>
            <Detail label="Gas mode">
              <span data-testid="executable-gas-mode">
                {executable.gasMode}
                {executable.gasFallback ? ' (falls back to self)' : ''}
              </span>
            </Detail>
            <Detail label="Sponsorship provider">
              <span data-testid="executable-sponsorship-provider">
                {sponsorLabel(executable.sponsorshipProvider)}
              </span>
            </Detail>
            <Detail label="Secrets">
              <span data-testid="executable-secrets" className="font-mono text-xs">
                {executable.secretBindings.length === 0
                  ? '—'
                  : executable.secretBindings
                      .map((b) => `${b.envKey} ← ${secretName(b.secretId)}`)
                      .join(', ')}
              </span>
            </Detail>
            <Detail label="Pinned">{executable.pinned ? 'Yes' : 'No'}</Detail>
            <Detail label="Sandbox">
              <span data-testid="executable-sandbox">
                {executable.sandboxRuntime}
                <span className="text-muted-foreground">
                  {' '}
                  {executable.sandboxRunner === 'unavailable'
                    ? '· not available on this deployment (its runs fail)'
                    : `· runs on the ${runnerLabel(executable.sandboxRunner)}`}
                </span>
              </span>
            </Detail>
          </DetailsCard>
          <Card>
            <CardHeader>
              <CardTitle>Webhooks</CardTitle>
              <CardDescription>Secret URLs that run this executable on a POST.</CardDescription>
            </CardHeader>
            <CardContent>
              <WebhooksCard ids={ids} webhooks={webhooks} canMutate={canMutate} />
            </CardContent>
          </Card>
        </div>
      </div>
      <AlertRulesCard
        workspaceSlug={slug}
        projectId={project.id}
        executableId={executable.id}
        rules={alertRules}
        channels={alertChannels}
        canMutate={canMutate}
      />
      <IncidentsCard
        incidents={incidents}
        notifications={incidentNotifications}
        channelsHref={`/${slug}/projects/${project.id}/notifications`}
        description="Open and recent incidents of this executable."
      />
    </div>
  );
}
