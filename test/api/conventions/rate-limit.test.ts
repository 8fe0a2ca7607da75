import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtraApp, startExtraApp } from '../../support/app';
import { expectError } from '../../support/expect';
import { newKey, newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';

describe('rate limit headers on the app under test (default budget)', () => {
  it('management responses carry RateLimit-Limit/Remaining/Reset, counting down per credential', async () => {
    const owner = await newWorkspace();
    const first = await api('/api/v1/projects', { token: owner.token });
    const second = await api('/api/v1/projects', { token: owner.token });
    expect(first.headers.get('ratelimit-limit')).toBe('600');
    // a fresh credential starts with a full bucket of 600 and each request takes one token; the bucket
    // refills 10 tokens a second, so the second request may have won back one by the time it arrives
    expect(first.headers.get('ratelimit-remaining')).toBe('599');
    expect(['598', '599']).toContain(second.headers.get('ratelimit-remaining'));
    // seconds until the bucket is full again: one token back takes 0.1 s
    expect(first.headers.get('ratelimit-reset')).toBe('1');
    const reset = Number(second.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);

    // errors after authentication carry them as well; another credential has its own bucket
    const other = await newKey(owner);
    const mutation = await api('/api/v1/projects', { method: 'POST', token: other.token, body: {} });
    expect(mutation.status).toBe(400);
    expect(mutation.headers.get('ratelimit-remaining')).toBe('599');
  });
});

describe('a budget of 5 a minute, shared by two app instances on one database', () => {
  let apps: ExtraApp[] = [];
  beforeAll(async () => {
    apps = await Promise.all([1, 2].map(() => startExtraApp({ TICKWORK_RATE_LIMIT_PER_MINUTE: '5' })));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
  });

  const call = (token: string, app: ExtraApp) => api('/api/v1/projects', { token, baseUrl: app.baseUrl });

  it('a token bucket: exactly 5 at once, then 429 with Retry-After; after it, one more and no burst', async () => {
    const owner = await newWorkspace();
    const [app] = apps;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call(owner.token, app));
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
    // one token comes back every 12 s
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(12);
    expect(Number(limited.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(retryAfter);

    // Retry-After is enough for exactly one more request: no fresh window hands out another 5
    await new Promise((r) => setTimeout(r, retryAfter * 1000));
    const again = await call(owner.token, app);
    expect(again.status).toBe(200);
    expect(again.headers.get('ratelimit-remaining')).toBe('0');
    const burst = await Promise.all([1, 2, 3].map(() => call(owner.token, app)));
    expect(burst.map((r) => r.status)).toEqual([429, 429, 429]);

    // the limit applies before authentication: a garbage token is limited by its own bucket, not the owner's
    expectError(await call('garbage', app), 401, 'unauthorized');
    // another credential still has its whole budget
    const other = await newKey(owner);
    expect((await call(other.token, app)).headers.get('ratelimit-remaining')).toBe('4');
  }, 30_000);

  it('one credential alternating between the two instances: the sixth request overall is 429', async () => {
    const owner = await newWorkspace();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call(owner.token, apps[i % 2]));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.slice(0, 5).map((r) => r.headers.get('ratelimit-remaining'))).toEqual([
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    expectError(answers[5], 429, 'rate_limited');
  });

  it('twenty concurrent requests split over both instances: exactly 5 get through', async () => {
    const owner = await newWorkspace();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(owner.token, apps[i % 2])));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // every token was handed out once: the remaining counts of the successes are 4, 3, 2, 1, 0
    const remaining = answers
      .filter((r) => r.status === 200)
      .map((r) => r.headers.get('ratelimit-remaining'));
    expect(remaining.sort()).toEqual(['0', '1', '2', '3', '4']);
  });
});
