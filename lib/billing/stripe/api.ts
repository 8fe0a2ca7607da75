import { apiError } from '@/lib/api/errors';
import { log } from '@/lib/log';
import { stripeApiBase } from './config';

// Stripe's REST API with fetch: form-encoded bodies (`a[b][0]=c`), the secret key as a bearer token.

export type StripeParams = Record<string, string | number | undefined>;

export type StripeCustomer = { id: string; object: 'customer' };
export type StripeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  url: string | null;
  customer: string | null;
  subscription: string | null;
  client_reference_id: string | null;
  mode: string;
  payment_status: string;
  metadata: Record<string, string> | null;
};
export type StripePortalSession = { id: string; object: 'billing_portal.session'; url: string };
export type StripeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  items: { data: { id: string; price: { id: string } }[] };
  metadata: Record<string, string> | null;
};

const form = (params: StripeParams) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) body.append(key, String(value));
  return body;
};

/** One Stripe call. A card refusal (402) is shown as Stripe words it; anything else is a generic 503. */
export async function stripeRequest<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: StripeParams = {},
): Promise<T> {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) throw apiError('billing_not_configured', 'Stripe is not configured on this deployment.');
  let res: Response;
  try {
    res = await fetch(`${stripeApiBase()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: method === 'POST' ? form(params) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    log.error({ err: error, path }, 'stripe request failed');
    throw apiError('billing_unavailable', 'Stripe did not answer. Please try again in a moment.');
  }
  const body = (await res.json().catch(() => null)) as { error?: { message?: string; type?: string } } | null;
  if (res.ok && body) return body as T;
  if (res.status === 402 && body?.error?.message)
    throw apiError('payment_failed', `Stripe refused the payment: ${body.error.message}`);
  log.error({ path, status: res.status, type: body?.error?.type }, 'stripe refused a request');
  throw apiError('billing_unavailable', 'Stripe refused the request. Please try again or contact support.');
}
