// Event triggers in the console: the New executable dialog takes a chain event (contract, signature), its
// Preview lists the last matching logs decoded, a bad signature is refused at its field, the executable's
// Trigger card edits the saved trigger, and the Chains page shows the follower's lag once it follows the chain.
import { expect, test } from '@playwright/test';
import { toEventSelector } from 'viem';
import {
  createProject,
  openDialog,
  openExecutableTab,
  rpcUrl,
  signIn,
  workspaceSlugOf,
} from './support/console';
import { createFundedProfile } from './support/profiles';
import { releaseZip, uploadRelease } from './support/releases';
import { installWallet } from './support/wallet';

const TASK = 'export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };\n';
const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'; // anvil's first account (unlocked)

async function rpc(method: string, params: unknown[] = []) {
  const res = await fetch(rpcUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

/** An emitter (code set on a fresh address) whose every call logs Ping(3), Ping(2), Ping(1). */
async function emitter(): Promise<string> {
  const address = `0x${crypto.randomUUID().replace(/-/g, '').padEnd(40, '7').slice(0, 40)}`;
  const topic0 = toEventSelector('event Ping(uint256 i)').slice(2);
  await rpc('anvil_setCode', [
    address,
    `0x60035b806000527f${topic0}60206000a16001900380600257 00`.replace(' ', ''),
  ]);
  return address;
}

test('an event trigger is previewed, created and edited; the Chains page shows the follower', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const contract = await emitter();
  for (let i = 0; i < 2; i++)
    await rpc('eth_sendTransaction', [{ from: SENDER, to: contract, gas: '0x100000' }]);

  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await createProject(page, 'Chain Watch');
  const projectUrl = page.url();
  const tabs = page.getByRole('navigation', { name: 'Project' });
  await tabs.getByRole('link', { name: 'Functions' }).click();
  await openDialog(page, 'Upload release');
  await uploadRelease(page, releaseZip(TASK), { fileName: 'watcher.zip' });
  await expect(page.getByText('Uploaded watcher@v1')).toBeVisible();
  await tabs.getByRole('link', { name: 'Profiles' }).click();
  await createFundedProfile(page, 'Watch wallet');

  await tabs.getByRole('link', { name: 'Executables' }).click();
  await openDialog(page, 'New executable');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('On ping');
  await dialog.getByLabel('Trigger').selectOption('event');
  await expect(dialog.getByLabel('Confirmations')).toHaveAttribute('placeholder', '0');
  await dialog.getByLabel('Contract addresses').fill(contract);
  await dialog.getByLabel('Event signature').fill('Ping(uint256');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(/^event is not a Solidity event signature/)).toBeVisible();

  await dialog.getByLabel('Event signature').fill('Ping(uint256 i)');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const logs = dialog.getByTestId('trigger-preview-log');
  await expect(logs).toHaveCount(6);
  await expect(logs.first()).toContainText('Ping {"i":"1"}');
  await expect(logs.last()).toContainText('Ping {"i":"3"}');

  await dialog.getByRole('button', { name: 'Create executable' }).click();
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/executables/[^/]+$`));
  await openExecutableTab(page, 'Settings');
  await expect(page.getByLabel('Trigger', { exact: true })).toHaveValue('event');
  await expect(page.getByLabel('Event signature')).toHaveValue('Ping(uint256 i)');
  await expect(page.getByLabel('Contract addresses')).toHaveValue(new RegExp(contract.slice(2), 'i'));
  await page.getByLabel('Confirmations').fill('2');
  await page.getByRole('button', { name: 'Save trigger' }).click();
  await expect(page.getByText('Trigger saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Confirmations')).toHaveValue('2');
  await expect(page.getByTestId('executable-state')).toHaveText('active', { timeout: 90_000 });

  await page.goto(`/${workspaceSlugOf(page.url())}/chains`);
  await expect(page.getByRole('heading', { level: 1, name: 'Chains' })).toBeVisible();
  const anvil = page.getByTestId('chain-row').filter({ hasText: '31337' });
  await expect(async () => {
    await page.reload();
    await expect(anvil.getByTestId('follower-lag')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(anvil.getByTestId('follower-lag')).toContainText(/^Follower#[\d,]+ behind/);
});
