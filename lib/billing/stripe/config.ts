import type { PlanId } from '@/db/enums';
import { apiError } from '@/lib/api/errors';

/** Stripe's settings from the environment; read on each use, so nothing is cached across a config change. */
export const stripeEnabled = () => Boolean(process.env.STRIPE_SECRET_KEY);

export const stripeApiBase = () =>
  (process.env.STRIPE_API_BASE || 'https://api.stripe.com').replace(/\/+$/, '');

const PRICE_ENV = { pro: 'STRIPE_PRICE_PRO', enterprise: 'STRIPE_PRICE_ENTERPRISE' } as const;

/** The Stripe price id of a paid plan; 503 when the deployment has not set it. */
export function stripePriceFor(plan: Exclude<PlanId, 'free'>): string {
  const price = process.env[PRICE_ENV[plan]];
  if (!price) throw apiError('billing_not_configured', `${PRICE_ENV[plan]} is not set on this deployment.`);
  return price;
}

/** The paid plan a Stripe price stands for, or null for a price this deployment does not know. */
export function planForStripePrice(price: string | null | undefined): PlanId | null {
  if (!price) return null;
  for (const [plan, name] of Object.entries(PRICE_ENV))
    if (process.env[name] === price) return plan as PlanId;
  return null;
}

export function stripeWebhookSecret(): string {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret)
    throw apiError('billing_not_configured', 'STRIPE_WEBHOOK_SECRET is not set on this deployment.');
  return secret;
}
