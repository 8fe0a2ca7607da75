// POST /api/cli/login is rate limited per client address (the shared Postgres bucket; 30 a minute by default), and
// maintenance deletes logins a day after they expired. Each test speaks from a loopback address of its own, so its
// bucket is not the one every other test's logins draw from.
import { describe, expect, it } from 'vitest';
import { runMaintenance } from '@/lib/jobs/maintenance';
import { newWorkspace, testDb } from '../../support/fixtures';
import { freshLoopbackAddress, requestFrom } from '../../support/from-address';

const startLoginFrom = (address: string, headers?: Record<string, string>) =>
  requestFrom(address, '/api/cli/login', { method: 'POST', body: { clientName: 'burst' }, headers });

/** Starts logins from `address` one after another until one is refused; the refusal and the number accepted. */
async function burstUntilRefused(address: string, headers?: Record<string, string>) {
  // The bucket holds 30 and refills at one every 2 s: a refusal comes long before 300 requests on any machine.
  for (let accepted = 0; accepted < 300; accepted++) {
    const res = await startLoginFrom(address, headers);
    if (res.status !== 201) return { refused: res, accepted };
  }
  throw new Error('300 logins from one address were all accepted');
}

describe('POST /api/cli/login: rate limit per client address', () => {
  it('a burst from one address gets 429 rate_limited in the error shape, with Retry-After', async () => {
    const address = freshLoopbackAddress();
    const { refused, accepted } = await burstUntilRefused(address);
    expect(accepted).toBeGreaterThanOrEqual(30);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'too many requests from this address',
      code: 'rate_limited',
      requestId: expect.stringMatching(/^req_/),
    });
    expect(refused.headers['x-request-id']).toBe(refused.body.requestId);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const [{ count }] = await testDb()
      .$sql`select count(*)::int as count from cli_logins where client_name = 'burst'`;
    expect(count).toBeGreaterThanOrEqual(accepted);
    // another address has a bucket of its own
    expect((await startLoginFrom(freshLoopbackAddress())).status).toBe(201);
  });

  it('a client cannot pick its address: X-Forwarded-For it sends is not what the limit counts', async () => {
    const address = freshLoopbackAddress();
    await burstUntilRefused(address);
    // Each claiming a fresh address: were that the key, each would start a full bucket of 30. The real bucket is
    // empty and refills one every 2 s, so a few quick requests meet a refusal however slow the machine is.
    const spoofed: number[] = [];
    for (let k = 0; k < 5; k++)
      spoofed.push((await startLoginFrom(address, { 'x-forwarded-for': freshLoopbackAddress() })).status);
    expect(spoofed).toContain(429);
  });
});

describe('maintenance sweeps expired management logins', () => {
  it('deletes logins expired over a day ago that issued no key, and keeps the rest', async () => {
    const address = freshLoopbackAddress();
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await startLoginFrom(address);
      expect(res.status).toBe(201);
      codes.push(res.body.data.userCode);
    }
    const [longExpired, recentlyExpired, live, issuedKey] = codes;
    const db = testDb();
    await db.$sql`update cli_logins set expires_at = now() - interval '2 days', status = 'denied'
      where user_code = ${longExpired}`;
    // a login that issued a key long ago: the audit log still reads the key's origin from it
    const { keyId } = await newWorkspace();
    await db.$sql`update cli_logins set expires_at = now() - interval '2 days', api_key_id = ${keyId}
      where user_code = ${issuedKey}`;
    await db.$sql`update cli_logins set expires_at = now() - interval '1 hour' where user_code = ${recentlyExpired}`;

    const { cliLoginsPurged } = await runMaintenance(db);
    expect(cliLoginsPurged).toBeGreaterThanOrEqual(1);
    const left = await db.$sql<{ user_code: string }[]>`
      select user_code from cli_logins where user_code in ${db.$sql(codes)}`;
    expect(left.map((r) => r.user_code).sort()).toEqual([recentlyExpired, live, issuedKey].sort());
  });
});
