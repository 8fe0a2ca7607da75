// Least privilege that holds money, in the console: a 2-of-2 Safe's role is built from the token-transfer preset
// (DemoToken transfer only to one vault, 10 TICK a day) and the condition editor (at most 6 TICK per transfer),
// read in words in the wizard and on the signing page, where the two owners sign in browsers of their own; the
// Profiles tab shows the allowance read from chain. An executable that transfers 6 TICK to the vault confirms
// and the allowance goes down; one that transfers 7 TICK fails in simulation with the Roles reason. The preset
// form fits a phone. A release spending from an allowance the role does not hold is refused, and "Allow these
// calls" sets that allowance with the calls.
import { expect, type Page, test } from '@playwright/test';
import { type Address, createWalletClient, encodeFunctionData, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_TOKEN } from '@/lib/chains/demo/artifacts';
import { openDialog, rpcUrl } from './support/console';
import { measureOverflow } from './support/overflow';
import { releaseZip, uploadRelease } from './support/releases';
import { anvil, chainClient, deploySafe, fundAccount } from './support/safe';
import { createSafeProfile, openAsOwner, openSafeWizard, profileRow } from './support/safe-wizard';
import { PHONE_SIZE, shot, shotAtDesktopSizes } from './support/shots';
import { installWallet } from './support/wallet';

const TOKEN = LOCAL_DEMO_CONTRACTS.token;
const TRANSFER = 'transfer(address,uint256)';
const VAULT = privateKeyToAccount(generatePrivateKey()).address;
const PER_TRANSFER = parseEther('6');
const DAILY = parseEther('10');

/** A release whose one call transfers `amount` TICK from the Safe to the vault. */
const transferTask = (amount: bigint) => `export default {
  __tickworkTask: 1,
  run: async () => ({ canExec: true, calls: [{ to: '${TOKEN}', data: '${encodeFunctionData({ abi: DEMO_TOKEN.abi, functionName: 'transfer', args: [VAULT, amount] })}', value: '0' }] }),
};
`;
const PERMISSIONS = JSON.stringify({ calls: [{ to: TOKEN, functions: [TRANSFER] }] });

const tickBalance = (owner: Address) =>
  chainClient().readContract({
    address: TOKEN,
    abi: DEMO_TOKEN.abi,
    functionName: 'balanceOf',
    args: [owner],
  });

/**
 * Uploads a release transferring `amount` to the vault (declaring `permissions`), and submits an hourly executable
 * on the role with it; answers the dialog.
 */
async function createTransferExecutable(page: Page, name: string, amount: bigint, permissions = PERMISSIONS) {
  const tabs = page.getByRole('navigation', { name: 'Project' });
  await tabs.getByRole('link', { name: 'Functions' }).click();
  await openDialog(page, 'Upload release');
  await uploadRelease(page, releaseZip(transferTask(amount), { 'permissions.json': permissions }), {
    fileName: `${name}.zip`,
  });
  await expect(page.getByText(`Uploaded ${name}@v1`)).toBeVisible();
  await tabs.getByRole('link', { name: 'Executables' }).click();
  await openDialog(page, 'New executable');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Function').selectOption({ label: `${name}@v1` });
  await dialog.getByLabel('Profile').selectOption({ label: 'Treasury role · 31337' });
  await dialog.getByLabel('Trigger').selectOption('interval');
  await dialog.getByLabel('Every (seconds)').fill('3600');
  await dialog.getByRole('button', { name: 'Create executable' }).click();
  return dialog;
}

/** Creates a transfer executable on the role (its release declares no conditions), runs it now, answers its row. */
async function runTransfer(page: Page, name: string, amount: bigint) {
  await createTransferExecutable(page, name, amount);
  await expect(page.getByTestId('executable-state')).toHaveText('active', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Run now' }).click();
  return page.getByTestId('execution-row').first();
}

test('a preset chosen in the wizard, signed by two owners, confirms within it and fails past it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const keys = [generatePrivateKey(), generatePrivateKey()];
  const owners = keys.map((key) => privateKeyToAccount(key).address);
  const safe = await deploySafe(owners, 2);
  await installWallet(page, { rpcUrl: rpcUrl() });
  await openSafeWizard(page, 'Treasury', /^Zodiac Roles/);
  await page.getByLabel('Safe address', { exact: true }).fill(safe);
  await page.getByRole('button', { name: 'Read Safe' }).click();
  await expect(page.getByTestId('safe-threshold')).toHaveText('2 of 2 owners');
  await page.getByRole('button', { name: 'Continue' }).click();

  // The role from the token-transfer preset: a wrong field is refused in words, then the calls fill in.
  await expect(page.getByRole('heading', { name: 'Calls to allow' })).toBeVisible();
  await page.getByLabel('Start from a preset').selectOption('transfer');
  await page.getByLabel('Token', { exact: true }).fill(TOKEN);
  // the token is read from chain: amounts typed in its smallest unit are shown in tokens
  await expect(page.locator('#preset-token-note')).toHaveText('TICK · 18 decimals');
  await page.getByLabel('Recipients').fill('not an address');
  await page.getByRole('button', { name: 'Use this preset' }).click();
  await expect(page.getByTestId('preset-form').getByRole('alert')).toContainText(
    'Recipients: one or more 0x addresses',
  );
  await page.getByLabel('Recipients').fill(VAULT.toLowerCase());
  await page.getByLabel('Amount per period').fill(DAILY.toString());
  await expect(page.locator('#preset-amount-note')).toHaveText('= 10 TICK');
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'per day' });
  await page.getByRole('button', { name: 'Use this preset' }).click();
  // The per-transfer cap is set in the condition editor: an amount in words is refused, a whole number kept.
  await page.getByRole('button', { name: `Conditions on ${TRANSFER}` }).click();
  const editor = page.getByTestId('conditions-editor');
  await expect(editor.getByLabel('argument 1 (address): its value')).toHaveValue('eq');
  await expect(editor.getByLabel('argument 2 (uint256): spends from allowance')).toHaveValue(
    'transfer-daily',
  );
  await editor.getByLabel('argument 2 (uint256): at most').fill('6 TICK');
  await editor.getByRole('button', { name: 'Save conditions' }).click();
  await expect(editor.getByRole('alert')).toHaveText(
    `${TRANSFER} argument 2 (uint256): "6 TICK" (at most) is not a whole number`,
  );
  await editor.getByLabel('argument 2 (uint256): at most').fill(PER_TRANSFER.toString());
  await editor.getByRole('button', { name: 'Save conditions' }).click();
  await expect(editor).toBeHidden();
  // an allowance a condition spends from stays
  await page.getByRole('button', { name: 'Remove allowance transfer-daily' }).click();
  await expect(page.getByTestId('role-allowances-editor').getByRole('alert')).toHaveText(
    `"transfer-daily" is spent from by ${TRANSFER}: change those conditions first.`,
  );
  const conditions = `only when argument 1 (address) is equal to ${VAULT}; argument 2 (uint256) is at most ${PER_TRANSFER} and within allowance "transfer-daily"`;
  await expect(page.getByTestId('role-function-conditions')).toHaveText(conditions);
  await expect(page.getByTestId('role-preview-call')).toHaveText([
    `Call ${TRANSFER} (0xa9059cbb) on ${TOKEN} ${conditions}`,
  ]);
  await expect(page.getByTestId('role-preview-allowances')).toHaveText(
    `Set allowance "transfer-daily": ${DAILY} per 1 day (refilled each period)`,
  );
  await shotAtDesktopSizes(page, 'presets-10-wizard-calls');
  await page.setViewportSize(PHONE_SIZE);
  // the page and its main column do not scroll sideways (the project tabs scroll inside their own strip)
  await expect
    .poll(async () => {
      const m = await page.evaluate(measureOverflow);
      return (
        m.document.scrollWidth <= m.document.clientWidth &&
        (m.main?.scrollWidth ?? 0) <= (m.main?.clientWidth ?? 0)
      );
    })
    .toBe(true);
  await shot(page, 'presets-10-wizard-calls-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('within the allowances you set')).toBeVisible();
  await createSafeProfile(page, 'Treasury role', 'presets-11-wizard');
  const link = (await page.getByTestId('safe-signing-link').getAttribute('href')) ?? '';

  // Each owner reads the condition and the allowance in words before signing, in a browser of their own.
  const first = await openAsOwner(browser, keys[0], link);
  await expect(first.getByTestId('safe-tx-call')).toContainText([
    `Set allowance "transfer-daily": ${DAILY} to spend now, refilled by ${DAILY} up to ${DAILY} every 1 day`,
    `Role "tickwork": allow ${TRANSFER} (0xa9059cbb) on ${TOKEN} ${conditions}`,
  ]);
  await expect(first.getByTestId('safe-tx-scope')).toContainText(
    `Call ${TRANSFER} (0xa9059cbb) on ${TOKEN} ${conditions}`,
  );
  await expect(first.getByTestId('safe-tx-allowance')).toHaveText(
    `Spending counted against allowance "transfer-daily": ${DAILY} per 1 day`,
  );
  // …and, unfolded, raw: the condition tree the modifier will check
  const raw = first.getByTestId('safe-tx-raw-conditions');
  await raw.getByText('The conditions as the Roles modifier checks them').click();
  await expect(raw.locator('pre')).toContainText('"operator": "WithinAllowance"');
  await first.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(first.getByTestId('safe-signatures-collected')).toHaveText('1 of 2 signatures collected');
  const second = await openAsOwner(browser, keys[1], link);
  await expect(second.getByTestId('safe-tx-call')).toContainText([`Role "tickwork": allow ${TRANSFER}`]);
  await shotAtDesktopSizes(second, 'presets-12-signing-page');
  await fundAccount(owners[1]);
  await second.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(second.getByTestId('safe-tx-executed')).toBeVisible({ timeout: 30_000 });

  // Active; the Profiles tab reads the allowance from chain.
  await expect(page.getByTestId('safe-profile-active')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Back to profiles' }).click();
  const row = profileRow(page, 'Treasury role');
  await expect(row.getByTestId('profile-allowance')).toContainText(
    `allowance “transfer-daily”: ${DAILY} of ${DAILY} left per 1 day, refills in`,
  );

  // The Safe holds TICK; a transfer within the preset confirms, one above the per-transfer limit fails.
  const payer = privateKeyToAccount(generatePrivateKey());
  await fundAccount(payer.address);
  const wallet = createWalletClient({ account: payer, chain: anvil(), transport: http(rpcUrl()) });
  await chainClient().waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: TOKEN,
      abi: DEMO_TOKEN.abi,
      functionName: 'topUp',
      args: [safe],
    }),
  });
  const within = await runTransfer(page, 'pay-six', PER_TRANSFER);
  await expect(within.getByTestId('execution-status')).toHaveText('confirmed', { timeout: 60_000 });
  expect(await tickBalance(VAULT)).toBe(PER_TRANSFER);

  const above = await runTransfer(page, 'pay-seven', parseEther('7'));
  await expect(above.getByTestId('execution-status')).toHaveText('failed', { timeout: 60_000 });
  await above.getByRole('link').first().click();
  await expect(page.getByTestId('execution-error')).toContainText(
    "ConditionViolation: ParameterGreaterThanAllowed (an argument is above the role's maximum)",
  );
  expect(await tickBalance(VAULT)).toBe(PER_TRANSFER);
  await shotAtDesktopSizes(page, 'presets-13-refused-run');

  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Profiles' }).click();
  await expect(profileRow(page, 'Treasury role').getByTestId('profile-allowance')).toContainText(
    `${DAILY - PER_TRANSFER} of ${DAILY} left`,
  );

  // A release that pays a second recipient from a weekly allowance the role does not hold: the refusal asks
  // for its amount, and "Allow these calls" sets it in the same transaction the owners read.
  const OTHER = privateKeyToAccount(generatePrivateKey()).address;
  const weekly = JSON.stringify({
    calls: [
      {
        to: TOKEN,
        functions: [TRANSFER],
        conditions: { [TRANSFER]: [{ oneOf: [VAULT, OTHER] }, { allowance: 'weekly' }] },
      },
    ],
  });
  const dialog = await createTransferExecutable(page, 'pay-weekly', PER_TRANSFER, weekly);
  const refusal = dialog.getByTestId('permissions-refusal');
  await expect(refusal.getByTestId('looser-conditions')).toContainText('the role allows equal to');
  const allow = refusal.getByRole('button', { name: 'Allow these calls' });
  await expect(allow).toBeDisabled();
  await refusal.getByLabel('Allowance "weekly": amount per period').fill(DAILY.toString());
  await refusal.getByLabel('Refills').selectOption({ label: 'per week' });
  const [signing] = await Promise.all([page.waitForEvent('popup'), allow.click()]);
  await expect(signing.getByTestId('safe-tx-call')).toContainText([
    `Set allowance "weekly": ${DAILY} to spend now, refilled by ${DAILY} up to ${DAILY} every 1 week`,
  ]);
  await signing.close();
});
