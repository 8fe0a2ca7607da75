// The Chains page shows a degraded chain when its upstream fails, and when it is wedged: a stack of its own whose
// second and third chains' only upstream is a local server that answers until told to fail, or to hang every
// state read while it still answers its head (the health poller runs every 300 ms).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { startTestStack, type TestStack } from '../test/support/stack';
import { rpcUrl, signIn } from './support/console';
import { installWallet } from './support/wallet';

let stack: TestStack;
let upstream: Server;
let failing = false;
let wedged = false;
/** What a wedged node still answers, from memory: its head and its sync state. */
const HEAD_METHODS = new Set(['eth_blockNumber', 'eth_getBlockByNumber', 'eth_syncing', 'eth_chainId']);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  upstream = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (failing && req.url === '/flaky') return res.writeHead(500).end('down');
    if (wedged && req.url === '/wedged') {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as
        | { method?: string }
        | { method?: string }[];
      if (!(Array.isArray(parsed) ? parsed : [parsed]).every((e) => HEAD_METHODS.has(e.method ?? ''))) return;
    }
    const answer = await fetch(rpcUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  stack = await startTestStack({
    env: {
      TICKWORK_CHAINS: JSON.stringify([
        { chainId: 31337, name: 'Anvil (local)', network: 'anvil', rpcUrl: rpcUrl(), testnet: true },
        // anvil mines on demand: its head's age says nothing (a Sepolia id would expect a block every 12 s)
        {
          chainId: 11155111,
          name: 'Flaky testnet',
          network: 'flaky',
          rpcUrl: `${upstreamUrl}/flaky`,
          testnet: true,
          health: { blockTimeSeconds: 0 },
        },
        {
          chainId: 84532,
          name: 'Wedged testnet',
          network: 'wedged',
          rpcUrl: `${upstreamUrl}/wedged`,
          testnet: true,
        },
      ]),
      TICKWORK_RPC_HEALTH_INTERVAL_MS: '300',
      // deadlines a loaded machine's healthy chain still meets (the wedged one never answers)
      TICKWORK_RPC_UPSTREAM_TIMEOUT_MS: '5000',
      TICKWORK_RPC_HEALTH_STATE_READ_TIMEOUT_MS: '5000',
    },
  });
});

test.afterAll(async () => {
  await stack?.stop();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

test('a chain whose node answers its head but not state turns degraded, and says why', async ({ page }) => {
  test.setTimeout(180_000);
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto(`${stack.baseUrl}/`);
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await page.getByRole('link', { name: 'Chains' }).click();
  await expect(page).toHaveURL(/\/chains$/);
  const row = page.getByTestId('chain-row').filter({ hasText: 'Wedged testnet' });
  await expect(row).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('#', { timeout: 1_000 }); // its head is read
    await expect(row).not.toContainText('state read', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });

  wedged = true;
  // degraded may come first from the error ratio (the wedged reads fail): the state-read reason joins it once
  // a health poll's read passes its deadline
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('chain-status')).toHaveAttribute('data-status', 'degraded', {
      timeout: 1_000,
    });
    await expect(row).toContainText('did not answer a state read (eth_getBalance)', { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
});

test('a chain turns degraded when its upstream fails', async ({ page }) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto(`${stack.baseUrl}/`);
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await page.getByRole('link', { name: 'Chains' }).click();
  await expect(page).toHaveURL(/\/chains$/);
  const flaky = page.getByTestId('chain-row').filter({ hasText: 'Flaky testnet' });
  // the page shows health as last polled: reload until a poll has seen the upstream answer (a loaded machine's
  // first polls may still be in flight or slow)
  const statusBecomes = (row: typeof flaky, status: string) =>
    expect(async () => {
      await page.reload();
      await expect(row.getByTestId('chain-status')).toHaveAttribute('data-status', status, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
  await statusBecomes(flaky, 'operational');

  failing = true;
  await statusBecomes(flaky, 'degraded');
  await expect(flaky).toContainText('Degraded');
  await expect(flaky).toContainText('failed in the last');
  await statusBecomes(page.getByTestId('chain-row').filter({ hasText: '31337' }), 'operational');
});
