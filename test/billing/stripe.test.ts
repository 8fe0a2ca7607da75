// Plan switching with the Stripe provider, against a local stand-in for Stripe's API: Checkout for an upgrade
// from Free (the webhook switches the plan), a price swap between paid plans, cancellation to Free, the
// customer portal, and webhook verification (bad signature or stale timestamp: 400 and nothing changes).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signStripePayload } from '@/lib/billing/stripe/signature';
import { newMember, newWorkspace, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { nested, type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';
import { billingAccount, planEvents, planOf, workspaceSlug } from './support';

const session: { userId?: string } = {};
vi.mock('@/lib/auth/next-auth', () => ({ auth: async () => session }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('next/headers', () => ({ headers: async () => new Headers({ host: 'console.test' }) }));
vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});

const { changePlanAction, billingPortalAction } = await import(
  '@/app/(console)/[workspace]/settings/plan/actions'
);
const { POST: webhookRoute } = await import('@/app/api/billing/stripe/webhook/route');

const KEY = 'sk_test_stand_in';
const WEBHOOK_SECRET = 'whsec_stand_in';
const PRICE = { pro: 'price_pro_stand_in', enterprise: 'price_enterprise_stand_in' };
const ORIGIN = 'https://console.test';

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn(KEY);
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: KEY,
    STRIPE_API_BASE: stripe.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: PRICE.pro,
    STRIPE_PRICE_ENTERPRISE: PRICE.enterprise,
    AUTH_URL: ORIGIN,
  });
});
afterAll(async () => {
  await stripe?.stop();
});

/** Posts an event to the webhook route handler, signed with `secret` at `timestamp` (seconds). */
async function deliver(
  type: string,
  object: Record<string, unknown>,
  opts: { secret?: string; timestamp?: number } = {},
) {
  const body = JSON.stringify({ id: `evt_${Date.now()}`, object: 'event', type, data: { object } });
  const signature = signStripePayload(body, opts.secret ?? WEBHOOK_SECRET, opts.timestamp);
  const res = await webhookRoute(
    new Request('http://app.test/api/billing/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    }) as never,
  );
  return { status: res.status, body: await res.json() };
}

const requestsSince = (n: number) => stripe.requests.slice(n).map((r) => `${r.method} ${r.path}`);
const usage = async (token: string) => (await api('/api/v1/usage', { token })).body.data;

describe('plan switching, Stripe provider', () => {
  it('Free → Pro: Checkout, then the signed webhook switches; bad or stale signatures change nothing', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const slug = await workspaceSlug(owner.workspaceId);
    session.userId = owner.userId;
    const before = stripe.requests.length;

    const started = await changePlanAction(slug, 'pro');
    if (!started.ok || started.data.kind !== 'redirect') throw new Error(JSON.stringify(started));
    expect(started.data.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(requestsSince(before)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
    const [customerReq, checkoutReq] = stripe.requests.slice(before);
    expect(customerReq.authorization).toBe(`Bearer ${KEY}`);
    expect(nested(customerReq.form, 'metadata')).toEqual({ workspace_id: owner.workspaceId });
    const account = await billingAccount(owner.workspaceId);
    expect(account).toMatchObject({ provider: 'stripe', subscription_id: null });
    expect(account.customer_id).toMatch(/^cus_test_/);
    expect(checkoutReq.form).toMatchObject({
      mode: 'subscription',
      customer: account.customer_id,
      client_reference_id: owner.workspaceId,
      'line_items[0][price]': PRICE.pro,
      'line_items[0][quantity]': '1',
      success_url: `${ORIGIN}/${slug}/settings/plan?checkout=success`,
      cancel_url: `${ORIGIN}/${slug}/settings/plan?checkout=cancelled`,
      'metadata[plan]': 'pro',
      'metadata[user_id]': owner.userId,
    });
    // nothing switches before Stripe reports the payment
    expect(await planOf(owner.workspaceId)).toBe('free');

    const subscription = stripe.createSubscription(account.customer_id, PRICE.pro);
    const completed = {
      id: 'cs_test_done',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer: account.customer_id,
      subscription: subscription.id,
      client_reference_id: owner.workspaceId,
      metadata: { plan: 'pro', user_id: owner.userId, workspace_id: owner.workspaceId },
    };
    const forged = await deliver('checkout.session.completed', completed, { secret: 'whsec_forged' });
    expect([forged.status, forged.body.code]).toEqual([400, 'invalid_signature']);
    const stale = await deliver('checkout.session.completed', completed, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect([stale.status, stale.body.code]).toEqual([400, 'invalid_signature']);
    expect(await planOf(owner.workspaceId)).toBe('free');
    expect(await planEvents(owner.workspaceId)).toHaveLength(0);
    expect((await billingAccount(owner.workspaceId)).subscription_id).toBeNull();

    expect(await deliver('checkout.session.completed', completed)).toMatchObject({ status: 200 });
    expect(await planOf(owner.workspaceId)).toBe('pro');
    expect(await billingAccount(owner.workspaceId)).toMatchObject({
      subscription_id: subscription.id,
      status: 'active',
    });
    const events = await planEvents(owner.workspaceId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_user_id: owner.userId,
      credential_kind: 'console',
      details: { from: 'free', to: 'pro', provider: 'stripe' },
    });
    expect((await usage(owner.token)).executables.limit).toBe(20);

    // Stripe delivers again: nothing more happens
    expect(await deliver('checkout.session.completed', completed)).toMatchObject({ status: 200 });
    expect(await planEvents(owner.workspaceId)).toHaveLength(1);
  });

  it('between paid plans, the portal, a declined card, portal-side changes and cancellation', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const slug = await workspaceSlug(owner.workspaceId);
    session.userId = owner.userId;
    await changePlanAction(slug, 'pro');
    const { customer_id: customer } = await billingAccount(owner.workspaceId);
    const subscription = stripe.createSubscription(customer, PRICE.pro);
    await deliver('checkout.session.completed', {
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      customer,
      subscription: subscription.id,
      client_reference_id: owner.workspaceId,
      metadata: { plan: 'pro', user_id: owner.userId },
    });
    expect(await planOf(owner.workspaceId)).toBe('pro');

    // Pro → Enterprise: the live subscription's price is swapped, no second Checkout
    let before = stripe.requests.length;
    expect(await changePlanAction(slug, 'enterprise')).toEqual({ ok: true, data: { kind: 'switched' } });
    expect(requestsSince(before)).toEqual([
      `GET /v1/subscriptions/${subscription.id}`,
      `POST /v1/subscriptions/${subscription.id}`,
    ]);
    expect(stripe.requests.at(-1)?.form).toMatchObject({
      'items[0][id]': subscription.items.data[0].id,
      'items[0][price]': PRICE.enterprise,
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    expect(await planOf(owner.workspaceId)).toBe('enterprise');

    // a declined card leaves the plan as it was
    stripe.declineNextPayment();
    expect(await changePlanAction(slug, 'pro')).toMatchObject({
      ok: false,
      code: 'payment_failed',
      error: expect.stringContaining('Your card was declined.'),
    });
    expect(await planOf(owner.workspaceId)).toBe('enterprise');

    // the customer portal, for invoices
    before = stripe.requests.length;
    const portal = await billingPortalAction(slug);
    expect(portal).toMatchObject({
      ok: true,
      data: { url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//) },
    });
    expect(stripe.requests.slice(before).map((r) => [r.path, r.form])).toEqual([
      ['/v1/billing_portal/sessions', { customer, return_url: `${ORIGIN}/${slug}/settings/plan` }],
    ]);

    // a change made in the portal arrives as customer.subscription.updated: the plan follows the price
    subscription.items.data[0].price = { id: PRICE.pro };
    expect(await deliver('customer.subscription.updated', { ...subscription })).toMatchObject({
      status: 200,
    });
    expect(await planOf(owner.workspaceId)).toBe('pro');
    expect((await planEvents(owner.workspaceId)).at(-1)).toMatchObject({
      actor_user_id: null,
      actor_label: 'stripe (billing webhook)',
      details: { from: 'enterprise', to: 'pro', provider: 'stripe' },
    });

    // events of another subscription of the same customer change nothing
    const stray = stripe.createSubscription(customer, PRICE.enterprise);
    await deliver('customer.subscription.updated', { ...stray });
    expect(await planOf(owner.workspaceId)).toBe('pro');

    // Pro → Free from the console: the subscription is canceled at Stripe, the plan drops at once
    before = stripe.requests.length;
    expect(await changePlanAction(slug, 'free')).toEqual({ ok: true, data: { kind: 'switched' } });
    expect(requestsSince(before)).toEqual([`DELETE /v1/subscriptions/${subscription.id}`]);
    expect(await planOf(owner.workspaceId)).toBe('free');
    expect((await billingAccount(owner.workspaceId)).status).toBe('canceled');
    // Stripe's own deletion event follows: already Free, nothing more recorded
    const count = (await planEvents(owner.workspaceId)).length;
    await deliver('customer.subscription.deleted', { ...subscription, status: 'canceled' });
    expect(await planEvents(owner.workspaceId)).toHaveLength(count);
    expect((await planEvents(owner.workspaceId)).map((e) => e.details.to)).toEqual([
      'pro',
      'enterprise',
      'pro',
      'free',
    ]);
  });

  it('a subscription canceled at Stripe (deleted event) drops the workspace to Free', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const slug = await workspaceSlug(owner.workspaceId);
    session.userId = owner.userId;
    await changePlanAction(slug, 'enterprise');
    const { customer_id: customer } = await billingAccount(owner.workspaceId);
    const subscription = stripe.createSubscription(customer, PRICE.enterprise);
    await deliver('customer.subscription.updated', { ...subscription });
    expect(await planOf(owner.workspaceId)).toBe('enterprise');
    expect(
      await deliver('customer.subscription.deleted', { ...subscription, status: 'canceled' }),
    ).toMatchObject({
      status: 200,
    });
    expect(await planOf(owner.workspaceId)).toBe('free');
    expect(await billingAccount(owner.workspaceId)).toMatchObject({
      subscription_id: subscription.id,
      status: 'canceled',
    });
    expect((await usage(owner.token)).executables.limit).toBe(3);
  });

  it('deleting the workspace cancels its subscription at Stripe', async () => {
    const { deleteWorkspaceAction } = await import('@/app/(console)/[workspace]/settings/actions');
    const owner = await newWorkspace({ plan: 'free' });
    const slug = await workspaceSlug(owner.workspaceId);
    session.userId = owner.userId;
    await changePlanAction(slug, 'pro');
    const { customer_id: customer } = await billingAccount(owner.workspaceId);
    const subscription = stripe.createSubscription(customer, PRICE.pro);
    await deliver('customer.subscription.updated', { ...subscription });
    expect(await planOf(owner.workspaceId)).toBe('pro');
    const name = (await testDb().$sql`select name from workspaces where id = ${owner.workspaceId}`)[0].name;

    const before = stripe.requests.length;
    expect(await deleteWorkspaceAction(slug, name)).toEqual({ ok: true, data: { billingEnded: true } });
    expect(requestsSince(before)).toEqual([`DELETE /v1/subscriptions/${subscription.id}`]);
    expect(await billingAccount(owner.workspaceId)).toMatchObject({ status: 'canceled' });
  });

  it('admins and members are refused (403) before anything reaches Stripe', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const slug = await workspaceSlug(owner.workspaceId);
    for (const role of ['admin', 'member'] as const) {
      const other = await newMember(owner.workspaceId, { role });
      session.userId = other.userId;
      const before = stripe.requests.length;
      expect(await changePlanAction(slug, 'pro')).toMatchObject({ ok: false, code: 'forbidden' });
      expect(await billingPortalAction(slug)).toMatchObject({ ok: false, code: 'forbidden' });
      expect(stripe.requests.length).toBe(before);
    }
    expect(await billingAccount(owner.workspaceId)).toBeUndefined();
    expect(await planOf(owner.workspaceId)).toBe('free');
  });

  it('an unsigned request and a body that is not an event are refused', async () => {
    const unsigned = await webhookRoute(
      new Request('http://app.test/api/billing/stripe/webhook', { method: 'POST', body: '{}' }) as never,
    );
    expect(unsigned.status).toBe(400);
    const body = 'not json';
    const res = await webhookRoute(
      new Request('http://app.test/api/billing/stripe/webhook', {
        method: 'POST',
        headers: { 'stripe-signature': signStripePayload(body, WEBHOOK_SECRET) },
        body,
      }) as never,
    );
    expect([res.status, (await res.json()).code]).toEqual([400, 'invalid_request']);
  });
});
