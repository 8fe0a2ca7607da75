import { CopyableDetail, Detail, DetailsCard } from '@/components/ui/detail';
import { formatUtc, runnerLabel } from '@/lib/console/format';
import { nextRunOf, triggerSummary } from '../../_components/schedule';
import { sponsorLabel } from '../../_components/sponsor';
import { loadProfiles, loadSecrets, type SectionProps } from './data';

/** The executable at a glance: id, trigger and next run, profile, gas, secrets, pin and sandbox. */
export async function DetailsSection({ ids, workspaceId, executable }: SectionProps) {
  const [profiles, secrets] = await Promise.all([
    loadProfiles(workspaceId, ids.projectId),
    loadSecrets(workspaceId, ids.projectId),
  ]);
  const profile = profiles.find((p) => p.id === executable.profileId);
  const secretName = (id: string) => secrets.find((s) => s.id === id)?.name ?? id;
  const nextRun = nextRunOf(executable);
  return (
    <DetailsCard>
      <CopyableDetail label="Executable ID" value={executable.id} copyLabel="Copy executable ID" />
      <Detail label="Trigger">
        <code className="font-mono text-xs">{triggerSummary(executable.trigger)}</code>
      </Detail>
      <Detail label="Next run">
        <span data-testid="executable-next-run">{nextRun ? formatUtc(nextRun) : '— (not scheduled)'}</span>
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
            : executable.secretBindings.map((b) => `${b.envKey} ← ${secretName(b.secretId)}`).join(', ')}
        </span>
      </Detail>
      <Detail label="Pinned">{executable.pinned ? 'Yes' : 'No'}</Detail>
      <Detail label="Sandbox">
        <SandboxText runtime={executable.sandboxRuntime} runner={executable.sandboxRunner} />
      </Detail>
    </DetailsCard>
  );
}

/**
 * Where the executable's runs execute: the runner first (what the person sees happen), and the sandbox it asked for
 * only where this deployment serves it with another runner (Daytona not configured: the local isolate runner).
 */
function SandboxText({ runtime, runner }: { runtime: string; runner: string }) {
  if (runner === 'unavailable')
    return (
      <span data-testid="executable-sandbox">
        {runtime}{' '}
        <span className="text-muted-foreground">· not available on this deployment (its runs fail)</span>
      </span>
    );
  const label = runnerLabel(runner);
  return (
    <span data-testid="executable-sandbox">
      {label.charAt(0).toUpperCase() + label.slice(1)}
      {runner !== runtime && (
        <span className="text-muted-foreground"> · {runtime} where a deployment configures it</span>
      )}
    </span>
  );
}
