import type { Db } from '@/db/client';
import { PLAN_IDS, type PlanId } from '@/db/enums';
import { apiError } from '@/lib/api/errors';
import { getBillingAccount, hasLiveSubscription, saveBillingAccount } from '../accounts';
import { assertWorkspaceFitsPlan } from '../downgrade';
import { setWorkspacePlan } from '../plan';
import type { BillingProvider, BillingUpdate, ChangePlanInput } from '../provider';
import {
  type StripeCheckoutSession,
  type StripeCustomer,
  type StripePortalSession,
  type StripeSubscription,
  stripeRequest,
} from './api';
import { planForStripePrice, stripePriceFor, stripeWebhookSecret } from './config';
import { StripeSignatureError, verifyStripeSignature } from './signature';

const subscriptionPath = (id: string) => `/v1/subscriptions/${encodeURIComponent(id)}`;

/** The workspace's Stripe customer, created (and recorded) on its first checkout. */
async function ensureCustomer(db: Db, workspace: ChangePlanInput['workspace']) {
  const existing = await getBillingAccount(db, workspace.id);
  if (existing?.provider === 'stripe') return existing.customerId;
  const customer = await stripeRequest<StripeCustomer>('POST', '/v1/customers', {
    name: workspace.name,
    'metadata[workspace_id]': workspace.id,
  });
  await saveBillingAccount(db, {
    workspaceId: workspace.id,
    provider: 'stripe',
    customerId: customer.id,
    subscriptionId: null,
    status: null,
  });
  return customer.id;
}

/** To Free: cancel the subscription now (Stripe prorates nothing back by default), then switch. */
async function cancelToFree(db: Db, { workspace, actor }: ChangePlanInput) {
  await assertWorkspaceFitsPlan(db, workspace.id, 'free');
  const account = await getBillingAccount(db, workspace.id);
  const live = account && hasLiveSubscription(account) ? account : undefined;
  const canceled =
    live?.subscriptionId &&
    (await stripeRequest<StripeSubscription>('DELETE', subscriptionPath(live.subscriptionId)));
  await db.transaction(async (tx) => {
    if (live && canceled) await saveBillingAccount(tx, { ...live, status: canceled.status });
    await setWorkspacePlan(tx, workspace.id, 'free', actor, 'stripe');
  });
}

/** Between paid plans with a live subscription: swap its price, invoice the difference now, then switch. */
async function swapPrice(db: Db, { workspace, plan, actor }: ChangePlanInput, subscriptionId: string) {
  await assertWorkspaceFitsPlan(db, workspace.id, plan);
  const price = stripePriceFor(plan as Exclude<PlanId, 'free'>);
  const current = await stripeRequest<StripeSubscription>('GET', subscriptionPath(subscriptionId));
  const item = current.items.data[0];
  if (!item) throw apiError('billing_unavailable', 'The Stripe subscription has no item to change.');
  const updated = await stripeRequest<StripeSubscription>('POST', subscriptionPath(subscriptionId), {
    'items[0][id]': item.id,
    'items[0][price]': price,
    proration_behavior: 'always_invoice',
    // a refused card fails the request (402) instead of leaving the subscription past_due on the new price
    payment_behavior: 'error_if_incomplete',
    'metadata[plan]': plan,
  });
  await db.transaction(async (tx) => {
    const account = await getBillingAccount(tx, workspace.id);
    if (account) await saveBillingAccount(tx, { ...account, status: updated.status });
    await setWorkspacePlan(tx, workspace.id, plan, actor, 'stripe');
  });
}

/** From Free (or a plan without a subscription): Stripe Checkout; the webhook switches the plan once paid. */
async function startCheckout(db: Db, { workspace, plan, actor, returnUrl }: ChangePlanInput) {
  const price = stripePriceFor(plan as Exclude<PlanId, 'free'>);
  const customer = await ensureCustomer(db, workspace);
  const session = await stripeRequest<StripeCheckoutSession>('POST', '/v1/checkout/sessions', {
    mode: 'subscription',
    customer,
    client_reference_id: workspace.id,
    'line_items[0][price]': price,
    'line_items[0][quantity]': 1,
    success_url: `${returnUrl}?checkout=success`,
    cancel_url: `${returnUrl}?checkout=cancelled`,
    'metadata[workspace_id]': workspace.id,
    'metadata[plan]': plan,
    ...(actor.userId ? { 'metadata[user_id]': actor.userId } : {}),
    'subscription_data[metadata][workspace_id]': workspace.id,
  });
  if (!session.url) throw apiError('billing_unavailable', 'Stripe did not return a checkout page.');
  return session.url;
}

const isPlan = (value: unknown): value is PlanId => PLAN_IDS.includes(value as PlanId);

/** Subscription statuses that still pay for the price's plan; `incomplete` waits; anything else is Free. */
const PAYING = new Set(['active', 'trialing', 'past_due']);

function subscriptionUpdate(sub: StripeSubscription, deleted: boolean): BillingUpdate {
  const plan = deleted
    ? 'free'
    : PAYING.has(sub.status)
      ? planForStripePrice(sub.items?.data?.[0]?.price?.id)
      : sub.status === 'incomplete'
        ? null
        : 'free';
  return {
    workspaceId: null,
    customerId: sub.customer,
    subscriptionId: sub.id,
    status: deleted ? 'canceled' : sub.status,
    plan,
    userId: null,
    source: 'subscription',
  };
}

function parseEvent(rawBody: string): { type: string; data: { object: unknown } } {
  try {
    const event = JSON.parse(rawBody);
    if (typeof event?.type === 'string' && event.data?.object && typeof event.data.object === 'object')
      return event;
  } catch {}
  throw apiError('invalid_request', 'the webhook body is not a Stripe event');
}

export const stripeBillingProvider: BillingProvider = {
  id: 'stripe',
  async changePlan(db, input) {
    if (input.plan === 'free') {
      await cancelToFree(db, input);
      return { kind: 'switched' };
    }
    const account = await getBillingAccount(db, input.workspace.id);
    if (account?.provider === 'stripe' && account.subscriptionId && hasLiveSubscription(account)) {
      await swapPrice(db, input, account.subscriptionId);
      return { kind: 'switched' };
    }
    return { kind: 'redirect', url: await startCheckout(db, input) };
  },

  async endBilling(db, workspaceId) {
    const account = await getBillingAccount(db, workspaceId);
    if (account?.provider !== 'stripe' || !account.subscriptionId || !hasLiveSubscription(account)) return;
    const canceled = await stripeRequest<StripeSubscription>(
      'DELETE',
      subscriptionPath(account.subscriptionId),
    );
    await saveBillingAccount(db, { ...account, status: canceled.status });
  },

  async portalUrl(db, workspaceId, returnUrl) {
    const account = await getBillingAccount(db, workspaceId);
    if (account?.provider !== 'stripe') return null;
    const session = await stripeRequest<StripePortalSession>('POST', '/v1/billing_portal/sessions', {
      customer: account.customerId,
      return_url: returnUrl,
    });
    return session.url;
  },

  async handleWebhook(rawBody, headers) {
    try {
      verifyStripeSignature(rawBody, headers.get('stripe-signature'), stripeWebhookSecret());
    } catch (error) {
      if (error instanceof StripeSignatureError) throw apiError('invalid_signature', error.message);
      throw error;
    }
    const event = parseEvent(rawBody);
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object as StripeCheckoutSession;
        if (session.mode !== 'subscription' || !session.client_reference_id || !session.customer) return [];
        const plan = session.metadata?.plan;
        return [
          {
            workspaceId: session.client_reference_id,
            customerId: session.customer,
            subscriptionId: session.subscription,
            status: session.payment_status === 'unpaid' ? 'incomplete' : 'active',
            // paid by an asynchronous method: the subscription's own update switches the plan once it is active
            plan: session.payment_status !== 'unpaid' && isPlan(plan) ? plan : null,
            userId: session.metadata?.user_id ?? null,
            source: 'checkout',
          },
        ];
      }
      case 'customer.subscription.updated':
        return [subscriptionUpdate(event.data.object as StripeSubscription, false)];
      case 'customer.subscription.deleted':
        return [subscriptionUpdate(event.data.object as StripeSubscription, true)];
      default:
        return [];
    }
  },
};
