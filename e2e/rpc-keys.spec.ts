// RPC keys in the console: created (token shown once, it works on the gateway) and revoked (the gateway refuses
// it); the Chains page shows the gateway's status and endpoint of the chain.
import { expect, test } from '@playwright/test';
import { openDialog, rpcUrl, signIn, workspaceSlugOf } from './support/console';
import { installWallet } from './support/wallet';

test('create an RPC key, use it, revoke it; the chain status shows', async ({ page, request }) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  const slug = workspaceSlugOf(page.url());

  await page.getByRole('link', { name: 'RPC keys' }).click();
  await expect(page.getByText('No RPC keys')).toBeVisible();
  await openDialog(page, 'Create RPC key');
  await page.getByLabel('Name').fill('Indexer');
  await page.getByRole('button', { name: 'Create key' }).click();
  const token = (await page.getByTestId('new-rpc-key').textContent())?.trim() ?? '';
  expect(token).toMatch(/^twrpc_/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('rpc-key-row')).toContainText('Indexer');
  await expect(page.getByTestId('rpc-key-row')).toContainText('Active');
  expect(await page.content()).not.toContain(token);

  const discovery = await request.get('/rpc/v1/chains', { headers: { apikey: token } });
  expect(discovery.status()).toBe(200);
  const { chains } = await discovery.json();
  expect(chains[0]).toMatchObject({ chain: 'anvil', chainId: 31337, syncing: false });

  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByTestId('rpc-key-row')).toContainText('Revoked');
  expect((await request.get('/rpc/v1/chains', { headers: { apikey: token } })).status()).toBe(401);

  await page.goto(`/${slug}/chains`);
  const row = page.getByTestId('chain-row').filter({ hasText: '31337' });
  await expect(row.getByTestId('chain-status')).toHaveAttribute('data-status', 'operational');
  await expect(row).toContainText('/rpc/anvil/<key>');
});
