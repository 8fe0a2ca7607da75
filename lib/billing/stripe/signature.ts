import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's signed timestamp may be from now (Stripe's own default): older ones are replays. */
const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

export class StripeSignatureError extends Error {}

const hmac = (secret: string, timestamp: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');

/**
 * Checks a `Stripe-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, maybe several v1
 * during a secret roll): the timestamp within the tolerance, then any v1 equal to ours in constant time.
 * Throws `StripeSignatureError` saying which check failed (never echoing the header).
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | null,
  secret: string,
  opts: { now?: number; toleranceSeconds?: number } = {},
): void {
  if (!header) throw new StripeSignatureError('the Stripe-Signature header is missing');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1') signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0)
    throw new StripeSignatureError('the Stripe-Signature header has no timestamp or no v1 signature');
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  if (Math.abs(now - timestamp) > (opts.toleranceSeconds ?? STRIPE_SIGNATURE_TOLERANCE_SECONDS))
    throw new StripeSignatureError('the webhook timestamp is outside the tolerance');
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((s) => {
    const given = /^[0-9a-f]+$/i.test(s) ? Buffer.from(s, 'hex') : Buffer.alloc(0);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new StripeSignatureError('no signature matches the payload');
}

/** A `Stripe-Signature` header for a payload, as Stripe computes it (tests and local stand-ins). */
export function signStripePayload(
  rawBody: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}
