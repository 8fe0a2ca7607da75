// Safe profiles in the console: a 1-of-1 Safe created from the wizard runs an executable from the Safe, then has
// its access revoked and enabled again from the Profiles tab; a 2-of-3 Safe deployed outside the app is enabled by
// two owners signing the public page in their own browsers. Every wizard step and the signing page fit 1280 and
// 1440 wide.
import { expect, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { openDialog, rpcUrl } from './support/console';
import { releaseZip, uploadRelease } from './support/releases';
import {
  chainClient,
  counterIncrementsBy,
  deploySafe,
  execSafeTransaction,
  fundAccount,
} from './support/safe';
import {
  createSafeProfile,
  openAsOwner,
  openSafeWizard,
  profileRow,
  reloadUntil,
} from './support/safe-wizard';
import { shotAtDesktopSizes } from './support/shots';
import { connectWallet, installWallet } from './support/wallet';

const COUNTER = LOCAL_DEMO_CONTRACTS.counter;
const TASK = `export default {
  __tickworkTask: 1,
  run: async () => ({ canExec: true, calls: [{ to: '${COUNTER}', data: '0xd09de08a', value: '0' }] }),
};
`;
const PERMISSIONS = JSON.stringify({ calls: [{ to: COUNTER, functions: ['increment()'] }] });

test('a 1-of-1 Safe created in the wizard is enabled in one step and runs an executable from the Safe', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const wallet = await installWallet(page, { rpcUrl: rpcUrl() });
  // The connected wallet deploys the Safe and executes the enabling transaction: it pays gas.
  await fundAccount(wallet.address);
  await openSafeWizard(page, 'Safe Keeper');

  // Step 1: a new Safe, the connected wallet its sole owner; its address is known before anything is sent.
  await page.getByRole('radio', { name: /Create a new Safe/ }).check();
  await connectWallet(page);
  await expect(page.getByLabel('Owner 1', { exact: true })).toHaveValue(wallet.address);
  await expect(page.getByLabel('Threshold')).toHaveValue('1');
  await page.getByRole('button', { name: 'Add owner' }).click();
  await page.getByLabel('Owner 2', { exact: true }).fill('0xnot-an-address');
  await page.getByRole('button', { name: 'Predict address' }).click();
  await expect(page.getByText('Owner 2 must be a 20-byte 0x hex address')).toBeVisible();
  await page.getByRole('button', { name: 'Remove owner 2' }).click();
  await page.getByRole('button', { name: 'Predict address' }).click();
  const predicted = page.getByTestId('safe-predicted-address');
  await expect(predicted).toHaveAttribute('title', /^0x[0-9a-fA-F]{40}$/);
  const safe = (await predicted.getAttribute('title')) as `0x${string}`;
  expect(await chainClient().getCode({ address: safe })).toBeUndefined();
  await shotAtDesktopSizes(page, 'safe-10-wizard-new-safe');
  await page.getByRole('button', { name: 'Deploy Safe' }).click();
  await expect(page.getByTestId('safe-summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('safe-summary')).toContainText(safe);
  await expect(page.getByTestId('safe-version')).toHaveText('Safe 1.4.1');
  await expect(page.getByTestId('safe-threshold')).toHaveText('1 of 1 owner');
  await shotAtDesktopSizes(page, 'safe-11-wizard-deployed');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the profile and its executor.
  const executor = await createSafeProfile(page, 'Treasury Safe', 'safe-12-wizard');

  // Step 3: the enabling transaction in words; the sole owner's signature completes it: sign and execute.
  await expect(page.getByTestId('safe-tx-call')).toHaveText([
    `Enable ${executor} as a module of the Safe: it can then execute transactions from it`,
  ]);
  await expect(page.getByTestId('safe-signatures-collected')).toHaveText('0 of 1 signatures collected');
  await expect(page.getByTestId('safe-signing-link')).toHaveAttribute('href', /\/safe\/tx\/stx_\w+$/);
  await shotAtDesktopSizes(page, 'safe-13-wizard-enable');
  await page.getByRole('button', { name: 'Sign and execute' }).click();

  // Step 4: the profile turns active once Tickwork has seen the module on chain.
  await expect(page.getByTestId('safe-profile-active')).toBeVisible({ timeout: 60_000 });
  await shotAtDesktopSizes(page, 'safe-14-wizard-done');
  await page.getByRole('link', { name: 'Back to profiles' }).click();
  const row = profileRow(page, 'Treasury Safe');
  await expect(row.getByTestId('profile-state')).toHaveText('active');
  await expect(row.getByTestId('profile-module')).toHaveText('module enabled');
  await expect(row.getByTestId('profile-safe-owners')).toHaveText('· 1 of 1 owner');
  await expect(row.getByTestId('profile-executor')).toHaveAttribute('title', executor);
  await expect(row.getByRole('button', { name: 'Revoke access for Treasury Safe' })).toBeVisible();
  // The faucet funds the executor, which pays the runs' gas (10 ETH when it was set up, 10 more now).
  await row.getByRole('button', { name: 'Faucet Treasury Safe' }).click();
  await expect(page.getByText('Treasury Safe funded on the local chain')).toBeVisible();
  await expect(row.getByTestId('profile-executor-balance')).toContainText('20 ETH');
  await shotAtDesktopSizes(page, 'safe-15-profiles');

  // An executable on the Safe profile: its run calls the counter from the Safe.
  const tabs = page.getByRole('navigation', { name: 'Project' });
  await tabs.getByRole('link', { name: 'Functions' }).click();
  await openDialog(page, 'Upload release');
  await uploadRelease(page, releaseZip(TASK, { 'permissions.json': PERMISSIONS }), {
    fileName: 'counter.zip',
  });
  await expect(page.getByText('Uploaded counter@v1')).toBeVisible();
  await tabs.getByRole('link', { name: 'Executables' }).click();
  await openDialog(page, 'New executable');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Count from the Safe');
  await dialog.getByLabel('Profile').selectOption({ label: 'Treasury Safe · 31337' });
  await dialog.getByLabel('Trigger').selectOption('interval');
  await dialog.getByLabel('Every (seconds)').fill('3600');
  await dialog.getByRole('button', { name: 'Create executable' }).click();
  await expect(page.getByTestId('executable-state')).toHaveText('active', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Run now' }).click();
  const rows = page.getByTestId('execution-row');
  await expect(rows.first().getByTestId('execution-status')).toHaveText('confirmed', { timeout: 60_000 });
  expect(await counterIncrementsBy(safe)).toBeGreaterThanOrEqual(1n);

  // Revoke access: the console prepares disableModule; the owner signs and executes it on the signing page.
  await tabs.getByRole('link', { name: 'Profiles' }).click();
  await expect(page).toHaveURL(/\/profiles$/);
  const profilesUrl = page.url();
  await openDialog(page, 'Revoke access for Treasury Safe');
  await page.getByRole('dialog').getByRole('button', { name: 'Prepare the revocation' }).click();
  await expect(page).toHaveURL(/\/safe\/tx\/stx_\w+$/);
  await expect(page.getByTestId('safe-tx-call')).toHaveText([`Disable the module ${executor} of the Safe`]);
  await connectWallet(page);
  await shotAtDesktopSizes(page, 'safe-16-signing-page-revoke');
  await page.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(page.getByTestId('safe-tx-executed')).toBeVisible({ timeout: 30_000 });
  await reloadUntil(page, profilesUrl, row.getByTestId('profile-module'), 'module not enabled');
  await expect(row.getByTestId('profile-state-reason')).toContainText("disabled Tickwork's module");

  // Enable Tickwork again, from the row.
  await row.getByRole('button', { name: 'Enable Tickwork for Treasury Safe' }).click();
  await expect(page).toHaveURL(/\/safe\/tx\/stx_\w+$/);
  await expect(page.getByTestId('safe-tx-call')).toHaveText([new RegExp(`^Enable ${executor} as a module`)]);
  await connectWallet(page);
  await page.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(page.getByTestId('safe-tx-executed')).toBeVisible({ timeout: 30_000 });
  await reloadUntil(page, profilesUrl, row.getByTestId('profile-module'), 'module enabled');
  await expect(row.getByTestId('profile-state-reason')).toHaveCount(0);
});

test('a 2-of-3 Safe: two owners sign on the public page in their own browsers, one executes', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const keys = [generatePrivateKey(), generatePrivateKey(), generatePrivateKey()];
  const owners = keys.map((key) => privateKeyToAccount(key).address);
  const safe = await deploySafe(owners, 2);
  // The person in the console is not an owner: the owners sign from the link.
  await installWallet(page, { rpcUrl: rpcUrl() });
  await openSafeWizard(page, 'Multisig Ops');

  // Step 1: the existing Safe, read from the chain; what is not one is refused in words.
  await page.getByLabel('Safe address', { exact: true }).fill('0x1234');
  await page.getByRole('button', { name: 'Read Safe' }).click();
  await expect(page.getByText('must be a 20-byte 0x hex address')).toBeVisible();
  await page.getByLabel('Safe address', { exact: true }).fill(COUNTER);
  await page.getByRole('button', { name: 'Read Safe' }).click();
  await expect(page.getByText(`the contract at ${COUNTER} is not a Safe`)).toBeVisible();
  await page.getByLabel('Safe address', { exact: true }).fill(safe);
  await page.getByRole('button', { name: 'Read Safe' }).click();
  await expect(page.getByTestId('safe-threshold')).toHaveText('2 of 3 owners');
  await expect(page.getByTestId('safe-summary-owner')).toHaveCount(3);
  await shotAtDesktopSizes(page, 'safe-20-wizard-existing-safe');
  await page.getByRole('button', { name: 'Continue' }).click();
  const executor = await createSafeProfile(page, 'Ops multisig', 'safe-21-wizard');
  await expect(page.getByTestId('safe-signatures-collected')).toHaveText('0 of 2 signatures collected');
  const link = (await page.getByTestId('safe-signing-link').getAttribute('href')) ?? '';

  // The first owner signs in a browser of their own (not signed in to Tickwork).
  const first = await openAsOwner(browser, keys[0], link);
  await expect(first.getByTestId('safe-tx-call')).toContainText([`Enable ${executor} as a module`]);
  await first.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(first.getByTestId('safe-signatures-collected')).toHaveText('1 of 2 signatures collected');
  await expect(first.getByTestId('safe-signing-status')).toHaveText(
    'You signed. Waiting for 1 more signature.',
  );
  await shotAtDesktopSizes(first, 'safe-22-signing-page-signed');

  // The second owner's signature completes the threshold; they sign only and leave the execution to another.
  const second = await openAsOwner(browser, keys[1], link);
  await expect(second.getByTestId('safe-signatures-collected')).toHaveText('1 of 2 signatures collected');
  await shotAtDesktopSizes(second, 'safe-23-signing-page');
  await second.getByRole('button', { name: 'Sign only' }).click();
  await expect(second.getByTestId('safe-signatures-collected')).toHaveText('2 of 2 signatures collected');
  await expect(second.getByRole('button', { name: 'Execute' })).toBeVisible();

  // The first owner's page hears of it by itself; they execute and pay the gas.
  await fundAccount(owners[0]);
  await expect(first.getByTestId('safe-signatures-collected')).toHaveText('2 of 2 signatures collected');
  await shotAtDesktopSizes(first, 'safe-24-signing-page-ready');
  await first.getByRole('button', { name: 'Execute' }).click();
  await expect(first.getByTestId('safe-tx-executed')).toBeVisible({ timeout: 30_000 });
  await shotAtDesktopSizes(first, 'safe-25-signing-page-executed');

  // The wizard, still open in the console, moves on by itself; the profile is active.
  await expect(page.getByTestId('safe-profile-active')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Back to profiles' }).click();
  const row = profileRow(page, 'Ops multisig');
  await expect(row.getByTestId('profile-state')).toHaveText('active');
  await expect(row.getByTestId('profile-safe-owners')).toHaveText('· 2 of 3 owners');
  await expect(row.getByTestId('profile-module')).toHaveText('module enabled');
});

test('the Safe used its nonce before the owners signed: the transaction is prepared again and linked', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const ownerKey = generatePrivateKey();
  const wallet = await installWallet(page, { rpcUrl: rpcUrl(), privateKey: ownerKey });
  await fundAccount(wallet.address);
  const safe = await deploySafe([wallet.address], 1);
  await openSafeWizard(page, 'Nonce Drift');
  const profilesUrl = page.url().replace(/\/new-safe$/, '');
  await page.getByLabel('Safe address', { exact: true }).fill(safe);
  await page.getByRole('button', { name: 'Read Safe' }).click();
  await expect(page.getByTestId('safe-summary')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await createSafeProfile(page, 'Drifting Safe', 'safe-30-wizard');
  await expect(page.getByTestId('safe-tx-nonce')).toHaveText('0');

  // The owner executes another Safe transaction first: nonce 0 is gone.
  await execSafeTransaction(safe, ownerKey, { to: safe, data: '0x' });
  await expect(page.getByTestId('safe-tx-replaced')).toContainText('can no longer run', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Sign and execute' })).toHaveCount(0);
  await shotAtDesktopSizes(page, 'safe-31-wizard-nonce-moved');

  // The link opens the transaction prepared again at nonce 1; the owner signs and executes it there.
  await page.getByRole('link', { name: 'Open the new transaction' }).click();
  await expect(page.getByTestId('safe-tx-nonce')).toHaveText('1');
  await connectWallet(page);
  await page.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(page.getByTestId('safe-tx-executed')).toBeVisible({ timeout: 30_000 });
  await page.goto(profilesUrl);
  await expect(profileRow(page, 'Drifting Safe').getByTestId('profile-state')).toHaveText('active', {
    timeout: 30_000,
  });
});
