'use server';

import { z } from 'zod';
import { getDb } from '@/db/client';
import { PLAN_IDS } from '@/db/enums';
import { apiError } from '@/lib/api/errors';
import type { WorkspaceAccess } from '@/lib/auth/console';
import { billingPortalUrl, changeWorkspacePlan } from '@/lib/billing/service';
import { serverActionOrigin } from '@/lib/console/origin';
import { consoleAction } from '@/lib/console/workspace-action';

const PlanChoice = z.enum(PLAN_IDS, { error: 'Choose Free, Pro or Enterprise' });

/** Billing is the owners' business: admins and members see the plan page read-only. */
function requireOwner(access: WorkspaceAccess) {
  if (access.role !== 'owner') throw apiError('forbidden', 'Only owners can change the plan and billing.');
  return access;
}

const planPageUrl = async (slug: string) => `${await serverActionOrigin()}/${slug}/settings/plan`;

/**
 * Switches the plan (owners only). The local provider switches at once; with Stripe an upgrade from Free
 * answers Checkout's URL for the browser to open, and the plan switches when Stripe reports the payment.
 */
export async function changePlanAction(workspaceSlug: string, plan: string) {
  const options = { allow: requireOwner, revalidate: `/${workspaceSlug}`, layout: true };
  return consoleAction(workspaceSlug, options, async ({ workspace, actor }) =>
    changeWorkspacePlan(getDb(), {
      workspace,
      plan: PlanChoice.parse(plan),
      actor,
      returnUrl: await planPageUrl(workspace.slug),
    }),
  );
}

/** The provider's customer portal (invoices, payment method, cancellation) for this workspace (owners only). */
export async function billingPortalAction(workspaceSlug: string) {
  return consoleAction(workspaceSlug, { allow: requireOwner }, async ({ workspace }) => {
    const url = await billingPortalUrl(getDb(), workspace.id, await planPageUrl(workspace.slug));
    if (!url) throw apiError('not_found', 'This workspace has no billing account yet.');
    return { url };
  });
}
