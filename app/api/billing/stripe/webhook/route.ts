import { getDb } from '@/db/client';
import { type BodyLimit, readCappedText } from '@/lib/api/body';
import { apiError } from '@/lib/api/errors';
import { ok } from '@/lib/api/reply';
import { otherMethods, publicRoute } from '@/lib/api/route';
import { billingProvider, handleBillingWebhook } from '@/lib/billing/service';

const BODY_LIMIT: BodyLimit = { bytes: 1024 * 1024, code: 'payload_too_large' };

// POST /api/billing/stripe/webhook — Stripe's events (Checkout completed, subscription updated or deleted),
// verified by their `Stripe-Signature`; 404 unless Stripe is the billing provider.
export const POST = publicRoute({}, async ({ req }) => {
  if (billingProvider().id !== 'stripe') throw apiError('not_found', 'Stripe billing is not enabled');
  const rawBody = await readCappedText(req, BODY_LIMIT);
  const { applied } = await handleBillingWebhook(getDb(), rawBody, req.headers);
  return ok({ received: true, applied });
});

export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
