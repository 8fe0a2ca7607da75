'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import { consoleActor } from '@/lib/audit/actor';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { billingPortalUrl, changeWorkspacePlan } from '@/lib/billing/service';
import { runConsoleAction } from '@/lib/console/action';
import { serverActionOrigin } from '@/lib/console/origin';
import { PLAN_IDS, type PlanId } from '@/lib/usage/plans';

const PlanChoice = z.enum(PLAN_IDS as [PlanId, ...PlanId[]], { error: 'Choose Free, Pro or Enterprise' });

/** Billing is the owners' business: admins and members see the plan page read-only. */
async function requireOwner(workspaceSlug: string) {
  const access = await requireWorkspaceAccess(workspaceSlug);
  if (access.role !== 'owner') throw apiError('forbidden', 'Only owners can change the plan and billing.');
  return access;
}

const planPageUrl = async (slug: string) => `${await serverActionOrigin()}/${slug}/settings/plan`;

/**
 * Switches the plan (owners only). The local provider switches at once; with Stripe an upgrade from Free
 * answers Checkout's URL for the browser to open, and the plan switches when Stripe reports the payment.
 */
export async function changePlanAction(workspaceSlug: string, plan: string) {
  return runConsoleAction(async () => {
    const { user, workspace } = await requireOwner(workspaceSlug);
    const result = await changeWorkspacePlan(getDb(), {
      workspace,
      plan: PlanChoice.parse(plan),
      actor: consoleActor(user),
      returnUrl: await planPageUrl(workspace.slug),
    });
    revalidatePath(`/${workspaceSlug}`, 'layout');
    return result;
  });
}

/** The provider's customer portal (invoices, payment method, cancellation) for this workspace (owners only). */
export async function billingPortalAction(workspaceSlug: string) {
  return runConsoleAction(async () => {
    const { workspace } = await requireOwner(workspaceSlug);
    const url = await billingPortalUrl(getDb(), workspace.id, await planPageUrl(workspace.slug));
    if (!url) throw apiError('not_found', 'This workspace has no billing account yet.');
    return { url };
  });
}
