// The 80 % / 100 % compute-units warning, shown on the Usage page and above the workspace's projects.
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { getDb } from '@/db/client';
import { formatDate, formatNumber } from '@/lib/console/format';
import { computeUnitsStanding } from '@/lib/usage/limits';
import { PLANS } from '@/lib/usage/plans';

export type ComputeUnitsAlertProps = {
  slug: string;
  planName: string;
  used: number;
  included: number;
  /** The plan refuses runs past its included compute units (Free) rather than metering them. */
  refuses: boolean;
  cycleEnd: string;
  /** Hide the link to the Usage page (on the Usage page itself). */
  onUsagePage?: boolean;
};

export function ComputeUnitsAlert({
  slug,
  planName,
  used,
  included,
  refuses,
  cycleEnd,
  onUsagePage,
}: ComputeUnitsAlertProps) {
  const ratio = included > 0 ? used / included : 0;
  if (ratio < 0.8) return null;
  const percent = Math.floor(ratio * 100);
  const resumes = formatDate(cycleEnd);
  const reached = ratio >= 1;
  const body = reached
    ? refuses
      ? `New runs are refused (scheduled, manual and webhook) until the cycle ends on ${resumes}; schedules resume by themselves then. A paid plan lifts the stop at once.`
      : `Runs go on: the ${formatNumber(used - included)} compute units past the included ${formatNumber(included)} are metered as overage.`
    : refuses
      ? `At 100 % new runs are refused until the cycle ends on ${resumes}.`
      : 'Past 100 % runs go on and the extra compute units are metered as overage.';
  return (
    <Alert
      variant={reached && refuses ? 'destructive' : 'warning'}
      title={`${percent} % of the ${planName} plan's ${formatNumber(included)} compute units used this cycle`}
      className="mb-6"
    >
      <span data-testid="compute-units-alert">
        {body}{' '}
        {onUsagePage ? (
          <Link className="underline" href={`/${slug}/settings/plan`}>
            Change plan
          </Link>
        ) : (
          <Link className="underline" href={`/${slug}/usage`}>
            See usage
          </Link>
        )}
      </span>
    </Alert>
  );
}

/** The warning for one workspace, read from its standing (one indexed query). */
export async function WorkspaceComputeUnitsAlert({
  slug,
  workspaceId,
}: {
  slug: string;
  workspaceId: string;
}) {
  const standing = await computeUnitsStanding(getDb(), workspaceId);
  if (!standing) return null;
  const plan = PLANS[standing.plan];
  return (
    <ComputeUnitsAlert
      slug={slug}
      planName={plan.name}
      used={standing.used}
      included={standing.included}
      refuses={plan.computeUnitsOverage === 'refuse'}
      cycleEnd={standing.resetsAt.toISOString()}
    />
  );
}
