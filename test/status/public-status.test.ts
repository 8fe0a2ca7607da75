// The public status page and its JSON (app/status, app/api/status, lib/status): an app instance of its own with
// TICKWORK_PUBLIC_STATUS=on and two chains of its own (one answering, one whose only upstream refuses), so the
// figures are exactly the runs seeded here; the shared app (opt-in off) answers 404 for both paths.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { executions } from '@/db/schema';
import { PublicStatusSchema } from '@/lib/status/schemas';
import { type ExtraApp, startExtraApp } from '../support/app';
import { newProject, newWorkspace, testDb, uniq } from '../support/fixtures';
import { executionRowAt, type SeededExecutable, seedExecutable } from '../support/seed';

// chain ids no other test uses: this app runs every active executable of the shared database on its chains
const UP = 995_101;
const DOWN = 995_102;
const S = 1000;
const HOUR = 3600 * S;
const NOW = Date.now();

type Run = {
  /** due this long before NOW */
  ago: number;
  /** started this long after due (null: never started) */
  lag: number | null;
  /** finished this long after due */
  total: number | null;
  status: 'confirmed' | 'failed' | 'skipped';
  trigger?: 'schedule' | 'webhook';
};

const tenantStrings: string[] = [];

async function insertRuns(exe: SeededExecutable, runs: Run[]) {
  const rows = runs.map((r) => {
    const due = NOW - r.ago;
    const txHash = r.status === 'confirmed' ? `0x${uniq()}${'ab'.repeat(28)}` : null;
    const message = `secret message ${uniq()}`;
    tenantStrings.push(message, ...(txHash ? [txHash] : []));
    return executionRowAt(exe, due, r, {
      status: r.status,
      trigger: r.trigger ?? 'schedule',
      chainId: UP,
      txHash,
      message,
      createdAt: new Date(NOW),
    });
  });
  await testDb().insert(executions).values(rows);
  for (const row of rows) tenantStrings.push(row.id);
}

async function seedTenant(): Promise<SeededExecutable> {
  const name = `Status tenant ${uniq()}`;
  const owner = await newWorkspace({ name });
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id);
  tenantStrings.push(
    name,
    owner.workspaceId,
    owner.address,
    owner.address.toLowerCase(),
    owner.userId,
    project.id,
    project.slug,
    exe.executableId,
    exe.functionId,
    exe.profileId,
  );
  return exe;
}

let app: ExtraApp;
beforeAll(async () => {
  // Two workspaces' runs on chain UP, all in the last 24 hours but one. Confirmed runs' trigger → confirmed:
  // 2 s, 4 s, 6 s (a webhook call), 12 s: p50 5 s, p95 6 s + 0.85 × 6 s = 11.1 s. Scheduled runs: started
  // 1 s, 8 s, 0.5 s, 3 s, 10 s after their due time and one never: 3 of 6 on time.
  const first = await seedTenant();
  const second = await seedTenant();
  await insertRuns(first, [
    { ago: 2 * HOUR, lag: 1 * S, total: 2 * S, status: 'confirmed' },
    { ago: 3 * HOUR, lag: 8 * S, total: 12 * S, status: 'confirmed' },
    { ago: 6 * HOUR, lag: 3 * S, total: 5 * S, status: 'failed' },
    { ago: 7 * HOUR, lag: null, total: null, status: 'failed' },
    // a day and more ago: outside the window
    { ago: 30 * HOUR, lag: 0, total: 100 * S, status: 'confirmed' },
  ]);
  await insertRuns(second, [
    { ago: 4 * HOUR, lag: S / 2, total: 4 * S, status: 'confirmed' },
    { ago: 5 * HOUR, lag: S / 5, total: 6 * S, status: 'confirmed', trigger: 'webhook' },
    { ago: 8 * HOUR, lag: 10 * S, total: 11 * S, status: 'skipped' },
  ]);
  app = await startExtraApp({
    TICKWORK_PUBLIC_STATUS: 'on',
    // generous for a loaded machine: a slow state read of the answering chain would make it degraded
    TICKWORK_RPC_HEALTH_STATE_READ_TIMEOUT_MS: '10000',
    TICKWORK_CHAINS: JSON.stringify([
      {
        chainId: UP,
        name: 'Status Up',
        network: 'status-up',
        rpcUrl: inject('rpcUrl'),
        testnet: true,
        health: { blockTimeSeconds: 0 },
      },
      // nothing listens on port 9: every poll fails
      {
        chainId: DOWN,
        name: 'Status Down',
        network: 'status-down',
        rpcUrl: 'http://127.0.0.1:9',
        testnet: false,
      },
    ]),
  });
});
afterAll(async () => app?.stop());

const get = (url: string) => fetch(url, { redirect: 'manual' });

describe('with TICKWORK_PUBLIC_STATUS=on', () => {
  it('GET /api/status answers each chain’s status and the platform’s figures, without credentials', async () => {
    const res = await get(`${app.baseUrl}/api/status`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const body = JSON.parse(text);
    expect(Object.keys(body)).toEqual(['data']);
    const data = PublicStatusSchema.parse(body.data);
    expect(data).toMatchObject({ windowHours: 24, adherenceToleranceMs: 5000 });
    expect(data.chains).toEqual([
      {
        chainId: UP,
        name: 'Status Up',
        network: 'status-up',
        testnet: true,
        status: 'operational',
        statusReason: expect.any(String),
        triggerToConfirmed: { count: 4, p50Ms: 5000, p95Ms: 11100 },
        adherence: { due: 6, onTime: 3, ratio: 0.5 },
      },
      {
        chainId: DOWN,
        name: 'Status Down',
        network: 'status-down',
        testnet: false,
        status: 'down',
        statusReason: expect.stringMatching(/^No upstream answered the last health check\. /),
        triggerToConfirmed: { count: 0, p50Ms: null, p95Ms: null },
        adherence: { due: 0, onTime: 0, ratio: null },
      },
    ]);
    for (const s of tenantStrings) expect(text).not.toContain(s);
  });

  it('/status shows the same figures to anyone, and no tenant detail', async () => {
    const res = await get(`${app.baseUrl}/status`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<title>Status · Tickwork</title>');
    expect(html).toContain('1 of 2 chains not operational');
    expect(html).toContain('Status Up');
    expect(html).toContain('5.0 s / 11.1 s');
    expect(html).toContain('4 confirmed runs');
    expect(html).toContain('50.0 %');
    expect(html).toContain('3 of 6 on time');
    expect(html).toContain('Status Down');
    expect(html).toContain('data-status="down"');
    expect(html).toContain('No upstream answered the last health check.');
    // the two figures of the chain without runs (the page's markup; its RSC payload repeats the text)
    expect(html.match(/>No data</g)).toHaveLength(2);
    for (const s of tenantStrings) expect(html).not.toContain(s);
  });

  it('reads the figures at most once a minute: a run added now shows later', async () => {
    const before = PublicStatusSchema.parse((await (await get(`${app.baseUrl}/api/status`)).json()).data);
    const late = await seedTenant();
    await insertRuns(late, [{ ago: HOUR, lag: 0, total: S, status: 'confirmed' }]);
    const after = PublicStatusSchema.parse((await (await get(`${app.baseUrl}/api/status`)).json()).data);
    expect(after).toEqual(before);
    expect(after.chains[0].triggerToConfirmed.count).toBe(4);
  });
});

describe('with the opt-in off (the shared app)', () => {
  it('/status and /api/status answer exactly what paths no route serves answer: 404', async () => {
    const base = inject('baseUrl');
    for (const [path, unknown] of [
      ['/status', '/no/such/page'],
      ['/api/status', '/api/no-such-route'],
    ]) {
      const [res, other] = await Promise.all([get(`${base}${path}`), get(`${base}${unknown}`)]);
      expect([res.status, other.status]).toEqual([404, 404]);
      expect(res.headers.get('content-type')).toBe(other.headers.get('content-type'));
      expect(await res.text()).toBe(await other.text());
    }
  });
});
