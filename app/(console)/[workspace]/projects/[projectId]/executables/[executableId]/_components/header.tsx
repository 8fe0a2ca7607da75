import { ChevronLeft, Star } from 'lucide-react';
import Link from 'next/link';
import { Suspense } from 'react';
import { Alert } from '@/components/ui/alert';
import { ExecutableControls } from '../../_components/executable-controls';
import { PinToggle } from '../../_components/facet-forms';
import { RunControls } from '../../_components/run-controls';
import { ExecutableStateBadge } from '../../_components/state-badge';
import { loadReleases, releaseLabel, type SectionProps } from './data';
import { HealthSummary } from './health-summary';

/**
 * The executable's name, pin, state, release and health (last run, open incidents) with its lifecycle and run
 * controls (owners and admins), then why its runs are held or its state is what it is.
 */
export async function ExecutableHeader({ ids, workspaceId, executable, canMutate }: SectionProps) {
  const releases = await loadReleases(workspaceId, ids.projectId);
  // Forms re-mount when the server's copy changes, so they never show a stale draft.
  const version = executable.updatedAt;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1.5">
          <Link
            href={`/${ids.workspaceSlug}/projects/${ids.projectId}/executables`}
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
            {releaseLabel(releases, executable.functionId)}
          </p>
          <Suspense fallback={null}>
            <HealthSummary
              ids={ids}
              workspaceId={workspaceId}
              executable={executable}
              canMutate={canMutate}
            />
          </Suspense>
        </div>
        {canMutate && (
          <div className="flex flex-wrap items-center gap-2">
            <ExecutableControls
              key={`c-${version}`}
              ids={ids}
              executable={{
                name: executable.name,
                state: executable.state,
                switchPending: Boolean(executable.pendingFunctionSwitch),
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
    </>
  );
}
