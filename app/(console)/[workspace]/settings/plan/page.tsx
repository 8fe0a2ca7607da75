// /{workspace}/settings/plan — the plan, this cycle's usage against its limits, and switching (owners only).
import type { Metadata } from 'next';
import { Alert } from '@/components/ui/alert';
import { getDb } from '@/db/client';
import { PLAN_IDS } from '@/db/enums';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { getBillingAccount, hasLiveSubscription } from '@/lib/billing/accounts';
import { billingProvider } from '@/lib/billing/service';
import { PLANS } from '@/lib/usage/plans';
import { getUsage } from '@/lib/usage/service';
import { CurrentUsage } from './_components/current-usage';
import { ManageBillingButton } from './_components/manage-billing-button';
import { PlanCard } from './_components/plan-card';
import { SwitchPlanButton } from './_components/switch-plan-button';

export const metadata: Metadata = { title: 'Plan' };

export default async function PlanPage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<{ checkout?: string }>;
}) {
  const { workspace: slug } = await params;
  const { checkout } = await searchParams;
  const { workspace, role } = await requireWorkspaceAccess(slug);
  const db = getDb();
  const provider = billingProvider().id;
  const [usage, account] = await Promise.all([
    getUsage(db, workspace.id),
    provider === 'stripe' ? getBillingAccount(db, workspace.id) : undefined,
  ]);
  const isOwner = role === 'owner';
  const currentIndex = PLAN_IDS.indexOf(workspace.plan);

  return (
    <>
      {checkout === 'success' && (
        <Alert className="mb-6" title="Payment received">
          The plan switches as soon as Stripe confirms the subscription, usually within seconds. Reload the
          page to see it.
        </Alert>
      )}
      {checkout === 'cancelled' && (
        <Alert variant="warning" className="mb-6" title="Checkout cancelled">
          Nothing was charged and the plan is unchanged.
        </Alert>
      )}
      {!isOwner && (
        <Alert className="mb-6" title="Read-only">
          Only owners of this workspace can change its plan or open billing. Ask an owner to switch.
        </Alert>
      )}
      <CurrentUsage usage={usage} />
      <div className="grid gap-4 md:grid-cols-3">
        {PLAN_IDS.map((id, index) => {
          const plan = PLANS[id];
          const current = id === workspace.plan;
          return (
            <PlanCard
              key={id}
              plan={plan}
              current={current}
              action={
                isOwner &&
                !current && (
                  <SwitchPlanButton
                    workspaceSlug={workspace.slug}
                    plan={id}
                    planName={plan.name}
                    upgrade={index > currentIndex}
                    provider={provider}
                    hasSubscription={hasLiveSubscription(account)}
                  />
                )
              }
            />
          );
        })}
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-muted-foreground text-sm">
        <p>
          Downgrading is refused while the workspace has more executables than the new plan allows, or active
          executables on a mainnet when the new plan covers testnets only; the refusal names them.
        </p>
        {isOwner && account && <ManageBillingButton workspaceSlug={workspace.slug} />}
      </div>
    </>
  );
}
