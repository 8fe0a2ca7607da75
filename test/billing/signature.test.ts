// Stripe webhook signatures: `t=<seconds>,v1=<HMAC-SHA256 of "t.body">`, a 5-minute tolerance, any matching v1.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signStripePayload, verifyStripeSignature } from '@/lib/billing/stripe/signature';

const SECRET = 'whsec_unit';
const BODY = JSON.stringify({ id: 'evt_1', type: 'customer.subscription.updated' });
const NOW = 1_800_000_000_000;
const T = NOW / 1000;

const verify =
  (header: string | null, body = BODY, secret = SECRET) =>
  () =>
    verifyStripeSignature(body, header, secret, { now: NOW });

describe('verifyStripeSignature', () => {
  it('accepts the header Stripe computes (independently: HMAC-SHA256 over "t.body" in hex)', () => {
    const v1 = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(signStripePayload(BODY, SECRET, T)).toBe(`t=${T},v1=${v1}`);
    expect(verify(`t=${T},v1=${v1}`)).not.toThrow();
  });

  it('accepts any one matching v1 among several (a secret roll) and ignores v0 and unknown parts', () => {
    const good = signStripePayload(BODY, SECRET, T).split('v1=')[1];
    expect(verify(`t=${T},v0=abc,v1=${'0'.repeat(64)},v1=${good},x=1`)).not.toThrow();
  });

  it('refuses a tampered body, another secret, a v0-only header, non-hex and truncated signatures', () => {
    const header = signStripePayload(BODY, SECRET, T);
    const v1 = header.split('v1=')[1];
    expect(verify(header, `${BODY} `)).toThrow(/no signature matches/);
    expect(verify(header, BODY, 'whsec_other')).toThrow(/no signature matches/);
    expect(verify(`t=${T},v0=${v1}`)).toThrow(/no timestamp or no v1/);
    expect(verify(`t=${T},v1=${'z'.repeat(64)}`)).toThrow(/no signature matches/);
    expect(verify(`t=${T},v1=${v1.slice(0, 62)}`)).toThrow(/no signature matches/);
  });

  it('refuses a timestamp over 5 minutes old or ahead, accepts one just inside', () => {
    expect(verify(signStripePayload(BODY, SECRET, T - 301))).toThrow(/outside the tolerance/);
    expect(verify(signStripePayload(BODY, SECRET, T + 301))).toThrow(/outside the tolerance/);
    expect(verify(signStripePayload(BODY, SECRET, T - 299))).not.toThrow();
  });

  it('refuses a missing or malformed header', () => {
    expect(verify(null)).toThrow(/missing/);
    expect(verify('')).toThrow(/missing/);
    expect(verify('garbage')).toThrow(/no timestamp or no v1/);
    expect(verify(`t=soon,v1=${'a'.repeat(64)}`)).toThrow(/no timestamp or no v1/);
  });
});
