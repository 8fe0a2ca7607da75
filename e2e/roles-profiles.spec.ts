// Zodiac Roles profiles in the console: a 1-of-1 Safe's owner sets up a role pre-filled from a release's
// permissions.json (DemoCounter increment(); its $args target set aside), reads every call in words before
// signing, and signs the one setup transaction in the wizard. An executable on a release that needs DemoToken
// topUp(address) is refused with the missing call named; "Allow these calls" opens the role change on the
// signing page; once it is executed the same executable is created and its run is confirmed (sponsored, from the
// Safe). A switch to a release whose target comes from unset args is refused with nothing to allow. Revoke
// access disables the modifier and Enable Tickwork enables it again. Every new step fits 1280 and 1440 wide.
import { expect, test } from '@playwright/test';
import { encodeFunctionData, parseEther, toFunctionSelector } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_TOKEN } from '@/lib/chains/demo/artifacts';
import { openDialog, openExecutableTab, rpcUrl } from './support/console';
import { measureOverflow } from './support/overflow';
import { releaseZip, settled, uploadRelease } from './support/releases';
import { chainClient, deploySafe, fundAccount } from './support/safe';
import { createSafeProfile, openSafeWizard, profileRow, reloadUntil } from './support/safe-wizard';
import { PHONE_SIZE, shot, shotAtDesktopSizes } from './support/shots';
import { connectWallet, installWallet } from './support/wallet';

const COUNTER = LOCAL_DEMO_CONTRACTS.counter;
const TOKEN = LOCAL_DEMO_CONTRACTS.token;
const INCREMENT = toFunctionSelector('increment()');
const TOP_UP = toFunctionSelector('topUp(address)');
const RESET = toFunctionSelector('reset()');

/** The release the role is pre-filled from: the counter, and a second target its args name. */
const COUNTER_TASK = `export default {
  __tickworkTask: 1,
  run: async () => ({ canExec: true, calls: [{ to: '${COUNTER}', data: '${INCREMENT}', value: '0' }] }),
};
`;
const COUNTER_PERMISSIONS = JSON.stringify({
  calls: [
    { to: COUNTER, functions: ['increment()'] },
    { to: '$args.target', functions: ['increment()'] },
  ],
});

/** A release whose one call (DemoToken topUp of the Safe) the role does not allow at first. */
const topUpTask = (safe: string) => `export default {
  __tickworkTask: 1,
  run: async () => ({ canExec: true, calls: [{ to: '${TOKEN}', data: '${encodeFunctionData({ abi: DEMO_TOKEN.abi, functionName: 'topUp', args: [safe as `0x${string}`] })}', value: '0' }] }),
};
`;
const TOP_UP_PERMISSIONS = JSON.stringify({ calls: [{ to: TOKEN, functions: ['topUp(address)'] }] });

const tickBalance = (owner: `0x${string}`) =>
  chainClient().readContract({
    address: TOKEN,
    abi: DEMO_TOKEN.abi,
    functionName: 'balanceOf',
    args: [owner],
  });

test('a role pre-filled from a release is set up, extended from a refusal, and runs an executable from the Safe', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const ownerKey = generatePrivateKey();
  const wallet = await installWallet(page, { rpcUrl: rpcUrl(), privateKey: ownerKey });
  // The owner executes the setup and the role change: their wallet pays that gas. Runs are sponsored.
  await fundAccount(wallet.address);
  const safe = await deploySafe([wallet.address], 1);
  await openSafeWizard(page, 'Roles Keeper', /^Zodiac Roles/);
  const wizardUrl = page.url();
  const project = new URL(wizardUrl).pathname.replace(/\/profiles\/new-safe$/, '');
  const tabs = page.getByRole('navigation', { name: 'Project' });

  // The release to pre-fill from, uploaded first (the wizard reads the project's releases when it opens).
  await tabs.getByRole('link', { name: 'Functions' }).click();
  await openDialog(page, 'Upload release');
  await uploadRelease(page, releaseZip(COUNTER_TASK, { 'permissions.json': COUNTER_PERMISSIONS }), {
    fileName: 'counter.zip',
  });
  await expect(page.getByText('Uploaded counter@v1')).toBeVisible();
  await page.goto(wizardUrl);
  await page.waitForLoadState('networkidle');

  // Step 1: Zodiac Roles preselected by the menu; the Safe read from the chain.
  await expect(page.getByRole('radio', { name: /Zodiac Roles \(least privilege\)/ })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Steps' })).toContainText('Calls to allow');
  await expect(async () => {
    await page.getByLabel('Safe address', { exact: true }).fill(safe);
    await page.getByRole('button', { name: 'Read Safe' }).click({ timeout: 2_000 });
    await expect(page.getByTestId('safe-threshold')).toHaveText('1 of 1 owner', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await shotAtDesktopSizes(page, 'roles-10-wizard-safe');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the calls, pre-filled from counter@v1's permissions.json; the $args target is set aside.
  await expect(page.getByRole('heading', { name: 'Calls to allow' })).toBeVisible();
  await expect(page.getByTestId('role-preview')).toContainText('The role allows nothing yet');
  await page.getByLabel('Pre-fill from a release').selectOption({ label: 'counter@v1' });
  const counter = page.locator(`[data-testid="role-target"][data-target="${COUNTER}"]`);
  await expect(counter.getByTestId('role-function')).toHaveText([`increment()${INCREMENT}`]);
  await expect(page.getByTestId('role-args-targets')).toContainText('$args.target: increment() (0xd09de08a)');
  await expect(page.getByTestId('role-args-targets')).toContainText('cannot be scoped now');
  await expect(page.getByTestId('role-preview-call')).toHaveText([
    `Call increment() (${INCREMENT}) on ${COUNTER}`,
  ]);

  // Editable: a function by signature (its selector shown beside it), a malformed one refused, a new target.
  const addFunction = counter.getByLabel(`Function to allow on ${COUNTER}`);
  await addFunction.fill('not a function');
  await counter.getByRole('button', { name: 'Add function' }).click();
  await expect(counter.getByRole('alert')).toContainText(
    'A function signature like transfer(address,uint256)',
  );
  await addFunction.fill('reset()');
  await counter.getByRole('button', { name: 'Add function' }).click();
  await expect(counter.getByTestId('role-function')).toHaveText([
    `increment()${INCREMENT}`,
    `reset()${RESET}`,
  ]);
  await page.getByLabel('Add a target').fill(TOKEN.toLowerCase());
  await page.getByRole('button', { name: 'Add target' }).click();
  const token = page.locator(`[data-testid="role-target"][data-target="${TOKEN}"]`);
  await expect(token).toContainText('No function yet');
  await token.getByLabel(`Function to allow on ${TOKEN}`).fill('0x00000000');
  await token.getByRole('button', { name: 'Add function' }).click();
  await expect(page.getByTestId('role-preview')).toContainText(
    'The role will allow 3 functions on 2 targets',
  );
  await expect(page.getByTestId('role-preview-call')).toHaveText([
    `Call increment() (${INCREMENT}) on ${COUNTER}`,
    `Call reset() (${RESET}) on ${COUNTER}`,
    `Send ether to ${TOKEN} (plain transfers, no calldata)`,
  ]);
  await shotAtDesktopSizes(page, 'roles-11-wizard-calls');
  // Back to what the release declares: the extra function and target removed.
  await counter.getByRole('button', { name: `Remove reset() from ${COUNTER}` }).click();
  await page.getByRole('button', { name: `Remove target ${TOKEN}` }).click();
  await expect(page.getByTestId('role-preview-call')).toHaveText([
    `Call increment() (${INCREMENT}) on ${COUNTER}`,
  ]);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: the profile; its description says what the role will allow.
  await expect(page.getByText('the executor may call the 1 function on 1 target you chose')).toBeVisible();
  const executor = await createSafeProfile(page, 'Counter role', 'roles-12-wizard');

  // Step 4: the one setup transaction, every call in words, and the role it leaves.
  const calls = page.getByTestId('safe-tx-call');
  await expect(calls.first()).toHaveText(/^Deploy a Zodiac Roles v2 modifier for the Safe/);
  await expect(calls.nth(1)).toHaveText(/^Enable 0x[0-9a-fA-F]{40} as a module of the Safe/);
  await expect(calls).toContainText([`Give role "tickwork" to ${executor}`]);
  await expect(calls).toContainText([`Role "tickwork": allow increment() (${INCREMENT}) on ${COUNTER}`]);
  await expect(page.getByTestId('safe-tx-scope')).toContainText(
    "Once executed, Tickwork's role allows 1 function on 1 target",
  );
  const modifier = ((await calls.nth(1).textContent()) ?? '').split(' ')[1];
  await connectWallet(page);
  await shotAtDesktopSizes(page, 'roles-13-wizard-setup');
  await page.getByRole('button', { name: 'Sign and execute' }).click();

  // Step 5: active once Tickwork has seen the modifier and the role on chain.
  await expect(page.getByTestId('safe-profile-active')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('safe-profile-active')).toContainText('with sponsored gas');
  await shotAtDesktopSizes(page, 'roles-14-wizard-done');
  await page.getByRole('link', { name: 'Back to profiles' }).click();
  const row = profileRow(page, 'Counter role');
  await expect(row.getByTestId('profile-state')).toHaveText('active');
  await expect(row.getByTestId('profile-kind')).toHaveText('Zodiac Roles');
  await expect(row.getByTestId('profile-module')).toHaveText('modifier enabled');
  await expect(row.getByTestId('profile-modifier')).toHaveAttribute('title', modifier);
  await expect(row.getByTestId('profile-executor')).toHaveAttribute('title', executor);
  await expect(row.getByTestId('profile-role-scope')).toHaveText('role allows 1 function on 1 target');
  await expect(row.getByRole('button', { name: 'Revoke access for Counter role' })).toBeVisible();
  await shotAtDesktopSizes(page, 'roles-15-profiles');

  // A release that needs topUp(address) on the token: the role does not allow it.
  await tabs.getByRole('link', { name: 'Functions' }).click();
  await openDialog(page, 'Upload release');
  await uploadRelease(page, releaseZip(topUpTask(safe), { 'permissions.json': TOP_UP_PERMISSIONS }), {
    fileName: 'top-up.zip',
  });
  await expect(page.getByText('Uploaded top-up@v1')).toBeVisible();
  await tabs.getByRole('link', { name: 'Executables' }).click();
  await expect(page).toHaveURL(/\/executables$/);
  const executablesUrl = page.url();
  const fillExecutable = async () => {
    await openDialog(page, 'New executable');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Top up the Safe');
    await dialog.getByLabel('Function').selectOption({ label: 'top-up@v1' });
    await dialog.getByLabel('Profile').selectOption({ label: 'Counter role · 31337' });
    await dialog.getByLabel('Trigger').selectOption('interval');
    await dialog.getByLabel('Every (seconds)').fill('3600');
    await dialog.getByRole('button', { name: 'Create executable' }).click();
    return dialog;
  };
  const dialog = await fillExecutable();
  const refusal = dialog.getByTestId('permissions-refusal');
  await expect(refusal.getByTestId('missing-call')).toHaveText([
    `Call topUp(address) (${TOP_UP}) on ${TOKEN}`,
  ]);
  await expect(refusal.getByTestId('covering-calls')).toContainText(
    `Role "tickwork": allow topUp(address) (${TOP_UP}) on ${TOKEN}`,
  );
  await settled(page);
  await dialog.getByRole('button', { name: 'Allow these calls' }).scrollIntoViewIfNeeded();
  await shotAtDesktopSizes(page, 'roles-16-executable-refused');

  // Allow these calls: the role change opens on the signing page in a new tab, saying who asks; the owner
  // signs and executes it there while the form here keeps what was typed.
  const [signing] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Allow these calls' }).click(),
  ]);
  await expect(signing).toHaveURL(/\/safe\/tx\/stx_\w+$/);
  await installWallet(signing, { rpcUrl: rpcUrl(), privateKey: ownerKey });
  await signing.reload();
  await expect(
    signing.getByRole('heading', { name: "Change the calls Tickwork's role allows" }),
  ).toBeVisible();
  await expect(signing.getByTestId('safe-tx-asker')).toContainText('Counter role');
  await expect(signing.getByRole('link', { name: 'Back to the console' })).toHaveAttribute(
    'href',
    `${project}/profiles`,
  );
  await expect(signing.getByTestId('safe-tx-call')).toContainText([
    `Role "tickwork": allow topUp(address) (${TOP_UP}) on ${TOKEN}`,
  ]);
  await expect(signing.getByTestId('safe-tx-delegatecall')).toContainText('MultiSendCallOnly');
  await expect(signing.getByTestId('safe-tx-scope')).toContainText('allows 2 functions on 2 targets');
  await connectWallet(signing);
  await shotAtDesktopSizes(signing, 'roles-17-signing-role-change');
  await signing.setViewportSize(PHONE_SIZE);
  // on a phone nothing of the signing page runs past the right edge
  await expect.poll(async () => (await signing.evaluate(measureOverflow)).culprits).toEqual([]);
  await shot(signing, 'roles-17-signing-role-change-390');
  await signing.setViewportSize({ width: 1440, height: 900 });
  await signing.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(signing.getByTestId('safe-tx-executed')).toBeVisible({ timeout: 30_000 });
  await signing.close();

  // Back in the console tab: the form is as it was, and the same submit now creates the executable; its run
  // tops the Safe up through the role, sponsored.
  await expect(dialog.getByTestId('signing-page-opened')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue('Top up the Safe');
  await expect(dialog.getByLabel('Every (seconds)')).toHaveValue('3600');
  await dialog.getByRole('button', { name: 'Create executable' }).click();
  await expect(page).toHaveURL(new RegExp(`${project}/executables/[^/]+$`));
  await expect(page.getByTestId('executable-state')).toHaveText('active', { timeout: 90_000 });
  const before = await tickBalance(safe);
  await page.getByRole('button', { name: 'Run now' }).click();
  const runs = page.getByTestId('execution-row');
  await expect(runs.first().getByTestId('execution-status')).toHaveText('confirmed', { timeout: 60_000 });
  expect(await tickBalance(safe)).toBe(before + parseEther('100'));

  // Switching to counter@v1 is refused as well: its $args target is not set in these args, so there is nothing
  // to allow yet.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('executable-state')).toHaveText('paused');
  await openExecutableTab(page, 'Settings');
  await page.getByLabel('Switch to').selectOption({ label: 'counter@v1' });
  await page.getByRole('button', { name: 'Switch function' }).click();
  const switchRefusal = page.getByTestId('permissions-refusal');
  await expect(switchRefusal.getByTestId('missing-call')).toHaveText([
    `Call increment() (${INCREMENT}) on the address in $args.target`,
  ]);
  await expect(switchRefusal).toContainText("$args.target must name an address in the executable's args");
  await expect(switchRefusal.getByRole('button', { name: 'Allow these calls' })).toHaveCount(0);

  // Revoke access disables the modifier; Enable Tickwork enables it again.
  const profilesUrl = `${new URL(executablesUrl).origin}${project}/profiles`;
  await reloadUntil(
    page,
    profilesUrl,
    row.getByTestId('profile-role-scope'),
    'role allows 2 functions on 2 targets',
  );
  await openDialog(page, 'Revoke access for Counter role');
  await expect(page.getByRole('dialog')).toContainText('disables the Zodiac Roles modifier');
  await page.getByRole('dialog').getByRole('button', { name: 'Prepare the revocation' }).click();
  await expect(page).toHaveURL(/\/safe\/tx\/stx_\w+$/);
  await expect(page.getByTestId('safe-tx-call')).toHaveText([`Disable the module ${modifier} of the Safe`]);
  await connectWallet(page);
  await page.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(page.getByTestId('safe-tx-executed')).toBeVisible({ timeout: 30_000 });
  await reloadUntil(page, profilesUrl, row.getByTestId('profile-module'), 'modifier not enabled');
  await row.getByRole('button', { name: 'Enable Tickwork for Counter role' }).click();
  await expect(page).toHaveURL(/\/safe\/tx\/stx_\w+$/);
  await expect(page.getByTestId('safe-tx-call')).toHaveText([new RegExp(`^Enable ${modifier} as a module`)]);
  await connectWallet(page);
  await page.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(page.getByTestId('safe-tx-executed')).toBeVisible({ timeout: 30_000 });
  await reloadUntil(page, profilesUrl, row.getByTestId('profile-module'), 'modifier enabled');
});
