import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { runMaintenance } from '@/lib/jobs/maintenance';
import { testDb } from '../support/fixtures';
import { freshLoopbackAddress, requestFrom } from '../support/from-address';
import { postSiweAttempt, sessionUserId, signedSiweAttempt } from '../support/siwe';

// Attack: one signed sign-in message plus its cookie, posted twice, gave two sessions: the nonce was next-auth's
// CSRF token, never used up. Now the server issues the nonce (POST /api/siwe/nonce), stores it for five minutes,
// and a sign-in deletes it in the statement that checks it.

const newAccount = () => privateKeyToAccount(generatePrivateKey());

const nonceRow = async (nonce: string) =>
  (await testDb().$sql<{ nonce: string }[]>`select nonce from siwe_nonces where nonce = ${nonce}`)[0] ?? null;

describe('SIWE sign-in: single-use, short-lived server nonces', () => {
  it('a signed message signs in once; posted again (same cookie) it gets no session', async () => {
    const attempt = await signedSiweAttempt(newAccount());
    expect(await nonceRow(attempt.nonce)).not.toBeNull();
    const session = await postSiweAttempt(attempt);
    expect(session).not.toBeNull();
    expect(await sessionUserId(session as string)).toMatch(/^usr_/);
    expect(await nonceRow(attempt.nonce)).toBeNull();

    expect(await postSiweAttempt(attempt)).toBeNull();
  });

  it('two posts of one signed message at once: exactly one session', async () => {
    const attempt = await signedSiweAttempt(newAccount());
    const sessions = await Promise.all([postSiweAttempt(attempt), postSiweAttempt(attempt)]);
    expect(sessions.filter(Boolean)).toHaveLength(1);
  });

  it('a nonce the server did not issue gets no session', async () => {
    const attempt = await signedSiweAttempt(newAccount(), { nonce: `neverIssued${Date.now()}` });
    expect(await postSiweAttempt(attempt)).toBeNull();
  });

  it('an expired nonce gets no session, and maintenance sweeps expired nonces', async () => {
    const attempt = await signedSiweAttempt(newAccount());
    await testDb()
      .$sql`update siwe_nonces set expires_at = now() - interval '1 second' where nonce = ${attempt.nonce}`;
    expect(await postSiweAttempt(attempt)).toBeNull();
    const live = await signedSiweAttempt(newAccount());

    const { siweNoncesPurged } = await runMaintenance(testDb());
    expect(siweNoncesPurged).toBeGreaterThanOrEqual(1);
    expect(await nonceRow(attempt.nonce)).toBeNull();
    expect(await nonceRow(live.nonce)).not.toBeNull();
    expect(await postSiweAttempt(live)).not.toBeNull();
  });

  it('nonces expire five minutes after they are issued', async () => {
    const attempt = await signedSiweAttempt(newAccount());
    const [{ seconds }] = await testDb().$sql<{ seconds: number }[]>`
      select extract(epoch from expires_at - now())::float8 as seconds from siwe_nonces where nonce = ${attempt.nonce}`;
    expect(seconds).toBeGreaterThan(200);
    expect(seconds).toBeLessThanOrEqual(300);
  });

  it('nonces are rate limited per client address: 429 in the error shape with Retry-After', async () => {
    const address = freshLoopbackAddress();
    let refused = null;
    // 60 a minute, refilled at one a second: a refusal comes long before 600 requests on any machine
    for (let i = 0; i < 600 && !refused; i++) {
      const res = await requestFrom(address, '/api/siwe/nonce', { method: 'POST' });
      if (res.status !== 201) refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body).toMatchObject({ code: 'rate_limited', requestId: expect.stringMatching(/^req_/) });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
