import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's `Tickwork-Timestamp` may be from the receiver's clock (docs/alerts.md). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<body>">` with the channel's signing secret. */
export const signWebhook = (secret: string, timestamp: number, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** The receiver's check, as docs/alerts.md shows it (used by the tests). */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  now = Date.now(),
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  return (headers.signature ?? '')
    .split(',')
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}
