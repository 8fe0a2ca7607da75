import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { workspaces } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import { type Actor, consoleActor } from '@/lib/audit/actor';
import { log } from '@/lib/log';
import { PLANS } from '@/lib/usage/plans';
import { findUserById } from '@/lib/users/service';
import {
  findBillingAccountByCustomer,
  getBillingAccount,
  hasLiveSubscription,
  saveBillingAccount,
} from './accounts';
import { localBillingProvider } from './local';
import { setWorkspacePlan } from './plan';
import type { BillingProvider, BillingProviderId, BillingUpdate, ChangePlanInput } from './provider';
import { stripeEnabled } from './stripe/config';
import { stripeBillingProvider } from './stripe/provider';

/** Stripe when `STRIPE_SECRET_KEY` is set, else the local provider (plans switch at once, nothing is paid). */
export const billingProvider = (): BillingProvider =>
  stripeEnabled() ? stripeBillingProvider : localBillingProvider;

/** Switches the workspace's plan through the provider (the caller has checked the person is an owner). */
export async function changeWorkspacePlan(db: Db, input: ChangePlanInput) {
  if (input.plan === input.workspace.plan)
    throw apiError('plan_unchanged', `This workspace is already on the ${PLANS[input.plan].name} plan.`);
  return billingProvider().changePlan(db, input);
}

/**
 * Cancels the deleted workspace's subscription at the provider. Runs after the deletion committed; a failure is
 * logged for the operator (the workspace stays deleted) and reported to the person who deleted it.
 */
export async function endWorkspaceBilling(db: Db, workspaceId: string): Promise<boolean> {
  try {
    await billingProvider().endBilling(db, workspaceId);
    return true;
  } catch (error) {
    log.error({ err: error, workspaceId }, 'the deleted workspace’s subscription could not be canceled');
    return false;
  }
}

export async function billingPortalUrl(db: Db, workspaceId: string, returnUrl: string) {
  return billingProvider().portalUrl(db, workspaceId, returnUrl);
}

/** Who the audit log names for a change a webhook brings: the person who started Checkout, else the provider. */
async function webhookActor(db: DbOrTx, provider: BillingProviderId, userId: string | null): Promise<Actor> {
  const user = userId ? await findUserById(db, userId) : undefined;
  if (user) return consoleActor(user);
  return { userId: null, label: `${provider} (billing webhook)`, credentialKind: 'operator' };
}

/**
 * Applies one verified webhook fact: records the customer and subscription, then moves the plan. A subscription
 * event only counts for the subscription the workspace has (an old, ended one's late events change nothing).
 */
async function applyBillingUpdate(db: Db, provider: BillingProviderId, update: BillingUpdate) {
  await db.transaction(async (tx) => {
    const known = update.workspaceId
      ? null
      : await findBillingAccountByCustomer(tx, provider, update.customerId);
    const workspaceId = update.workspaceId ?? known?.workspaceId;
    // the workspace's row lock orders concurrent deliveries for one workspace
    const [workspace] = workspaceId
      ? await tx
          .select({ id: workspaces.id })
          .from(workspaces)
          .where(eq(workspaces.id, workspaceId))
          .for('update')
      : [];
    if (!workspace) {
      log.warn({ provider, source: update.source }, 'billing webhook for an unknown workspace ignored');
      return;
    }
    const account = await getBillingAccount(tx, workspace.id);
    const otherSubscription =
      update.source === 'subscription' &&
      account?.subscriptionId &&
      account.subscriptionId !== update.subscriptionId &&
      hasLiveSubscription(account);
    if (otherSubscription) return;
    await saveBillingAccount(tx, {
      workspaceId: workspace.id,
      provider,
      customerId: update.customerId,
      subscriptionId: update.subscriptionId ?? account?.subscriptionId ?? null,
      status: update.status ?? account?.status ?? null,
    });
    if (update.plan)
      await setWorkspacePlan(
        tx,
        workspace.id,
        update.plan,
        await webhookActor(tx, provider, update.userId),
        provider,
      );
  });
}

/**
 * A provider's webhook: verified by the provider (400 on a bad signature), then applied. A plan the provider
 * reports is applied whatever the usage (a canceled subscription cannot be refused); limits then block new
 * executables and uploads.
 */
export async function handleBillingWebhook(db: Db, rawBody: string, headers: Headers) {
  const provider = billingProvider();
  const updates = await provider.handleWebhook(rawBody, headers);
  for (const update of updates) await applyBillingUpdate(db, provider.id, update);
  return { applied: updates.length };
}
