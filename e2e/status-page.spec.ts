// The public status page (/status, TICKWORK_PUBLIC_STATUS=on) fits a 375 px phone and the desktop sizes: an app
// of its own on the suite's database with the opt-in on and two chains (the suite's anvil and one that is down),
// seen without signing in; a seeded workspace's slow runs give the figures their longest form.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createDb } from '@/db/client';
import { newId } from '@/lib/ids';
import { freePort } from '@/lib/net/free-port';
import { type AppProcess, spawnApp } from '../test/support/stack';
import { rpcUrl } from './support/console';
import { seedExecutableWithRuns } from './support/latency';
import { measureOverflow } from './support/overflow';
import { DESKTOP_SIZES, shot } from './support/shots';

const PHONE = { width: 375, height: 812 };
const MIN = 60_000;

let app: AppProcess;
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set (the global setup sets it)');
  const db = createDb(databaseUrl, 1);
  try {
    const [workspaceId, projectId] = [newId('workspace'), newId('project')];
    const slug = `status-layout-${randomBytes(3).toString('hex')}`;
    await db.$sql`insert into workspaces (id, name, slug) values (${workspaceId}, 'Status layout', ${slug})`;
    await db.$sql`insert into projects (id, workspace_id, name, slug)
                  values (${projectId}, ${workspaceId}, 'Status layout', 'status-layout')`;
    await seedExecutableWithRuns(slug, projectId, 'slow', [
      { ago: 60 * MIN, lag: 62_000, total: 12 * MIN + 34_000, status: 'confirmed' },
      { ago: 90 * MIN, lag: 1_000, total: 59 * MIN + 59_000, status: 'confirmed' },
    ]);
  } finally {
    await db.$sql.end({ timeout: 5 });
  }
  dir = mkdtempSync(path.join(tmpdir(), 'tickwork-status-page-'));
  app = await spawnApp(
    {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TICKWORK_LOCAL_RPC_URL: rpcUrl(),
      TICKWORK_DATA_DIR: dir,
      TICKWORK_MASTER_KEY: process.env.TEST_MASTER_KEY ?? randomBytes(32).toString('base64'),
      AUTH_SECRET: randomBytes(32).toString('base64'),
      AUTH_TRUST_HOST: 'true',
      TICKWORK_EMBEDDED_WORKER: 'off',
      TICKWORK_PUBLIC_STATUS: 'on',
      TICKWORK_CHAINS: JSON.stringify([
        {
          chainId: 31337,
          name: 'Anvil local development chain',
          network: 'anvil-local-development',
          rpcUrl: rpcUrl(),
          testnet: true,
        },
        // nothing listens on port 9: down, with the longest reason
        {
          chainId: 990_003,
          name: 'Unreachable',
          network: 'unreachable',
          rpcUrl: 'http://127.0.0.1:9',
          testnet: false,
        },
      ]),
    },
    { port: await freePort() },
  );
});

test.afterAll(async () => {
  await app?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the status page fits a phone and the desktop sizes, signed out', async ({ page }) => {
  for (const size of [PHONE, ...DESKTOP_SIZES]) {
    await page.setViewportSize(size);
    const res = await page.goto(`${app.baseUrl}/status`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Status' })).toBeVisible();
    await expect(page.getByTestId('status-chain')).toHaveCount(2);
    await expect(page.locator('[data-chain-id="990003"]')).toHaveAttribute('data-status', 'down');
    await page.evaluate(() => document.fonts.ready);
    const m = await page.evaluate(measureOverflow);
    const where = `/status at ${size.width}×${size.height}: ${m.culprits.join(', ') || 'no element past the edge'}`;
    expect(m.document.scrollWidth, `document overflows on ${where}`).toBeLessThanOrEqual(
      m.document.clientWidth,
    );
    expect(m.main, 'no <main> on /status').not.toBeNull();
    if (m.main)
      expect(m.main.scrollWidth, `main column overflows on ${where}`).toBeLessThanOrEqual(m.main.clientWidth);
    expect(m.culprits, `elements past the edge on ${where}`).toEqual([]);
    await shot(page, `status-${size.width}`);
  }
});
