// The Chains page shows a degraded chain when its upstream fails: a stack of its own whose second chain's
// only upstream is a local server that answers until told to fail (the health poller runs every 300 ms).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { startTestStack, type TestStack } from '../test/support/stack';
import { rpcUrl, signIn } from './support/console';
import { installWallet } from './support/wallet';

let stack: TestStack;
let upstream: Server;
let failing = false;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  upstream = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (failing) return res.writeHead(500).end('down');
    const answer = await fetch(rpcUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const flakyUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  stack = await startTestStack({
    env: {
      TICKWORK_CHAINS: JSON.stringify([
        { chainId: 31337, name: 'Anvil (local)', network: 'anvil', rpcUrl: rpcUrl(), testnet: true },
        { chainId: 11155111, name: 'Flaky testnet', network: 'flaky', rpcUrl: flakyUrl, testnet: true },
      ]),
      TICKWORK_RPC_HEALTH_INTERVAL_MS: '300',
      TICKWORK_RPC_UPSTREAM_TIMEOUT_MS: '1000',
    },
  });
});

test.afterAll(async () => {
  await stack?.stop();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

test('a chain turns degraded when its upstream fails', async ({ page }) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto(`${stack.baseUrl}/`);
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await page.getByRole('link', { name: 'Chains' }).click();
  const flaky = page.getByTestId('chain-row').filter({ hasText: 'Flaky testnet' });
  await expect(flaky.getByTestId('chain-status')).toHaveAttribute('data-status', 'operational');

  failing = true;
  await expect(async () => {
    await page.reload();
    await expect(flaky.getByTestId('chain-status')).toHaveAttribute('data-status', 'degraded', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(flaky).toContainText('Degraded');
  await expect(flaky).toContainText('failed in the last');
  const anvil = page.getByTestId('chain-row').filter({ hasText: '31337' });
  await expect(anvil.getByTestId('chain-status')).toHaveAttribute('data-status', 'operational');
});
