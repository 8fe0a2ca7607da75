import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectError } from '../../support/expect';
import { newKey, newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';
import { startTestStack, type TestStack } from '../../support/stack';

describe('rate limit headers on the app under test (default budget)', () => {
  it('management responses carry RateLimit-Limit/Remaining/Reset, counting down per credential', async () => {
    const owner = await newWorkspace();
    const first = await api('/api/v1/projects', { token: owner.token });
    const second = await api('/api/v1/projects', { token: owner.token });
    const limit = Number(first.headers.get('ratelimit-limit'));
    expect(limit).toBe(600);
    const r1 = Number(first.headers.get('ratelimit-remaining'));
    const r2 = Number(second.headers.get('ratelimit-remaining'));
    // the fixed window may roll over between the two requests
    expect(r2 === r1 - 1 || r2 === limit - 1).toBe(true);
    const reset = Number(first.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);

    // errors after authentication carry them as well; another credential has its own budget
    const other = await newKey(owner);
    const mutation = await api('/api/v1/projects', { method: 'POST', token: other.token, body: {} });
    expect(mutation.status).toBe(400);
    expect(Number(mutation.headers.get('ratelimit-remaining'))).toBe(limit - 1);
  });
});

describe('exceeding the budget (a second app with 5 requests a minute)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      env: { TICKWORK_RATE_LIMIT_PER_MINUTE: '5', TICKWORK_MASTER_KEY: inject('masterKey') },
    });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('the sixth request in a minute → 429 rate_limited with Retry-After; other credentials are unaffected', async () => {
    // That app has its own database: make a workspace and keys there.
    const { createDb } = await import('@/db/client');
    const { createApiKey } = await import('@/lib/auth/api-keys');
    const { ensureUserByAddress } = await import('@/lib/users/service');
    const { createWorkspace } = await import('@/lib/workspaces/service');
    const { newAddress } = await import('../../support/fixtures');
    const db = createDb(stack.databaseUrl, 1);
    const user = await ensureUserByAddress(db, newAddress());
    const ws = await createWorkspace(db, { name: 'rl', ownerUserId: user.id });
    const a = await createApiKey(db, { userId: user.id, workspaceId: ws.id, name: 'a' });
    const b = await createApiKey(db, { userId: user.id, workspaceId: ws.id, name: 'b' });
    await db.$sql.end();
    const call = (token: string) => api('/api/v1/projects', { token, baseUrl: stack.baseUrl });

    // start at the beginning of a window so the six requests cannot straddle two windows
    const probe = await call(b.token);
    const reset = Number(probe.headers.get('ratelimit-reset'));
    if (reset < 5) await new Promise((r) => setTimeout(r, reset * 1000 + 200));

    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call(a.token));
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(0, 5).map((r) => r.headers.get('ratelimit-remaining'))).toEqual([
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    const limited = answers[5];
    expectError(limited, 429, 'rate_limited');
    expect(limited.headers.get('ratelimit-limit')).toBe('5');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // the limit applies before authentication: a garbage token is limited by its own counter, not a's
    expectError(await call('garbage'), 401, 'unauthorized');
    // another credential still has budget left (it used one request for the probe)
    expect((await call(b.token)).status).toBe(200);
  });
});
