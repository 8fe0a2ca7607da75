// Profiles and executables in the console: a legacy profile provisions on anvil, an executable builds on a
// cron schedule, pauses, switches its function, edits storage (with a version conflict) and gets webhooks.
import { expect, test } from '@playwright/test';
import {
  createProject,
  openDialog,
  openExecutableTab,
  rpcUrl,
  signIn,
  workspaceSlugOf,
} from './support/console';
import { releaseZip, settled, uploadRelease } from './support/releases';
import { shot } from './support/shots';
import { installWallet } from './support/wallet';

const TASK = 'export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };\n';
const VAULT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
/** v1's args: the console shows a form generated from it (docs/bundle-format.md, "The args form"). */
const SCHEMA = JSON.stringify({
  type: 'object',
  required: ['threshold', 'vault'],
  properties: {
    threshold: { type: 'number', description: 'Rebalance past this drift' },
    vault: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
    mode: { enum: ['fast', 'safe'], default: 'safe' },
    tokens: { type: 'array', items: { type: 'string' } },
    limits: { type: 'object', properties: { maxGas: { type: 'integer' } } },
  },
});

test('profiles provision, executables build, pause, switch function, storage and webhooks', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  expect(workspaceSlugOf(page.url())).toBeTruthy();

  await createProject(page, 'Keeper Ops');
  const projectUrl = page.url();
  const tabs = page.getByRole('navigation', { name: 'Project' });

  // A project secret, bound to the executable later.
  await openDialog(page, 'New secret');
  await page.getByRole('dialog').getByLabel('Name').fill('PRICE_API_KEY');
  await page.getByRole('dialog').getByLabel('Value').fill(`sk_test_${crypto.randomUUID()}`);
  await page.getByRole('button', { name: 'Save secret' }).click();
  await expect(page.getByTestId('secret-row')).toContainText('PRICE_API_KEY');

  // Two releases of one function: v1 with an args schema, v2 with other code.
  await tabs.getByRole('link', { name: 'Functions' }).click();
  await openDialog(page, 'Upload release');
  await uploadRelease(page, releaseZip(TASK), { schema: SCHEMA });
  await expect(page.getByText('Uploaded keeper@v1')).toBeVisible();
  await page.getByRole('button', { name: 'New version of keeper' }).click();
  await uploadRelease(page, releaseZip(TASK.replace('canExec: false', "canExec: false, message: 'v2'")));
  await expect(page.getByText('Uploaded keeper@v2')).toBeVisible();

  // A legacy profile on anvil: pending, then active once the worker has delegated it.
  await tabs.getByRole('link', { name: 'Profiles' }).click();
  await expect(page).toHaveURL(`${projectUrl}/profiles`);
  await expect(page.getByText('No profiles yet')).toBeVisible();
  await openDialog(page, 'New profile', 'New account');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Alias').fill('Hot wallet');
  await expect(dialog.getByLabel('Chain')).toHaveValue('31337');
  await settled(page);
  await shot(page, '40-profile-create');
  await dialog.getByRole('button', { name: 'Create profile' }).click();
  const profileRow = page.locator('[data-testid="profile-row"][data-name="Hot wallet"]');
  await expect(profileRow).toBeVisible();
  await expect(profileRow.getByTestId('profile-state')).toHaveText('active', { timeout: 60_000 });
  await profileRow.getByRole('button', { name: 'Faucet Hot wallet' }).click();
  await expect(page.getByText('Hot wallet funded on the local chain')).toBeVisible();
  // 10 ETH when it became active on the dev chain, 10 more from the faucet
  await expect(profileRow.getByTestId('profile-balance')).toContainText('20 ETH');
  await profileRow.getByRole('button', { name: 'Rename Hot wallet' }).click();
  await dialog.getByLabel('Name').fill('Keeper wallet');
  await dialog.getByRole('button', { name: 'Rename profile' }).click();
  const keeperRow = page.locator('[data-testid="profile-row"][data-name="Keeper wallet"]');
  await expect(keeperRow).toBeVisible();
  await shot(page, '41-profiles');

  // An executable on a cron schedule: the next five runs are computed in the browser; args are entered in the
  // form generated from the release's schema.
  await tabs.getByRole('link', { name: 'Executables' }).click();
  await expect(page.getByText('No executables yet')).toBeVisible();
  // what the plan still allows shows before it bites
  await expect(page.getByTestId('executables-left')).toHaveText(
    /^\d of 3 executables left on the Free plan$/,
  );
  await openDialog(page, 'New executable');
  await dialog.getByLabel('Name').fill('Rebalance');
  await expect(dialog.getByLabel('Function')).toContainText('keeper@v2');
  await dialog.getByLabel('Function').selectOption({ label: 'keeper@v1' });
  await dialog.getByLabel('Trigger').selectOption('cron');
  await dialog.getByLabel('Cron expression').fill('*/15 * * * *');
  await expect(dialog.getByTestId('next-run')).toHaveCount(5);
  await expect(dialog.getByTestId('next-run').first()).toContainText(/:(00|15|30|45):00 UTC/);
  // The args form from v1's schema: the default is pre-filled; wrong values are said in words at their fields
  // once left, and submitting shows every problem (a required field left empty).
  const arg = (name: string, role: 'textbox' | 'combobox' = 'textbox') =>
    dialog.getByRole(role, { name, exact: true });
  await expect(arg('mode', 'combobox').locator('option:checked')).toHaveText('safe');
  await arg('threshold').fill('high');
  await arg('vault').fill('0x1234');
  await arg('vault').blur();
  await expect(arg('threshold')).toHaveAccessibleDescription('Enter a number');
  await expect(arg('vault')).toHaveAccessibleDescription('Not an address (0x followed by 40 hex digits)');
  await arg('vault').fill('');
  await dialog.getByRole('button', { name: 'Create executable' }).click();
  await expect(arg('vault')).toHaveAccessibleDescription('Required');
  await expect(dialog.getByRole('button', { name: 'Create executable' })).toBeDisabled();
  await arg('threshold').fill('0.5');
  await arg('vault').fill(VAULT);
  await dialog.getByRole('button', { name: 'Add tokens item' }).click();
  await arg('tokens item 1').fill('WETH');
  await arg('maxGas').fill('500000');
  await expect(arg('threshold')).toHaveAccessibleDescription('Rebalance past this drift');
  // The JSON editor holds the same args, and what is typed there shows in the form.
  const args = { threshold: 0.5, vault: VAULT, mode: 'safe', tokens: ['WETH'], limits: { maxGas: 500000 } };
  await dialog.getByRole('button', { name: 'JSON', exact: true }).click();
  expect(JSON.parse(await dialog.getByLabel('Args').inputValue())).toEqual(args);
  await dialog.getByLabel('Args').fill(JSON.stringify({ ...args, threshold: 3 }));
  await dialog.getByRole('button', { name: 'Form', exact: true }).click();
  await expect(arg('threshold')).toHaveValue('3');
  await settled(page);
  await shot(page, '42-executable-create');
  await dialog.getByRole('button', { name: 'Create executable' }).click();
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/executables/[^/]+$`));
  await expect(page.getByTestId('executable-state')).toHaveText('active', { timeout: 90_000 });
  await openExecutableTab(page, 'Settings');
  await expect(page).toHaveURL(/\?tab=settings$/);
  await expect(page.getByTestId('executable-next-run')).toContainText('UTC');
  await expect(page.getByTestId('executable-function')).toHaveText('keeper@v1');
  await shot(page, '43-executable-active');
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  expect(JSON.parse(await page.getByLabel('Args').inputValue())).toEqual({ ...args, threshold: 3 });

  // Pause, then switch to v2: the switch is built and committed while paused.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('executable-state')).toHaveText('paused');
  await expect(page.getByTestId('executable-next-run')).toContainText('not scheduled');
  await expect(page.getByLabel('Switch to')).toHaveValue(/.+/);
  await page.getByRole('button', { name: 'Switch function' }).click();
  await expect(page.getByText('Function switch requested')).toBeVisible();
  await expect(page.getByTestId('executable-function')).toHaveText('keeper@v2', { timeout: 90_000 });
  await expect(page.getByTestId('switch-pending')).toHaveCount(0);

  // Storage: save at v0 → v1; a second tab saves meanwhile, so this tab's next save conflicts.
  await openExecutableTab(page, 'Storage');
  await expect(page).toHaveURL(/\?tab=storage$/);
  const storage = page.getByLabel('Storage JSON');
  await storage.fill('{ "count": 1 }');
  await page.getByRole('button', { name: 'Save storage' }).click();
  await expect(page.getByTestId('storage-version')).toHaveText('v1');
  const other = await context.newPage();
  await other.goto(page.url());
  // A fresh tab: fill again until React has hydrated and holds exactly this text.
  const otherValue = '{ "count": 5, "by": "other tab" }';
  await expect(async () => {
    await other.getByLabel('Storage JSON').fill(otherValue);
    await other.waitForTimeout(250);
    await expect(other.getByLabel('Storage JSON')).toHaveValue(otherValue, { timeout: 500 });
    await expect(other.getByRole('button', { name: 'Save storage' })).toBeEnabled({ timeout: 500 });
  }).toPass({ timeout: 30_000 }); // generous: hydration can take long on a loaded machine
  await other.getByRole('button', { name: 'Save storage' }).click();
  await expect(other.getByTestId('storage-version')).toHaveText('v2');
  await other.close();
  await storage.fill('{ "count": 2 }');
  await page.getByRole('button', { name: 'Save storage' }).click();
  const conflict = page.getByTestId('storage-conflict');
  await expect(conflict).toContainText('"by": "other tab"');
  await shot(page, '44-storage-conflict');
  await conflict.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(page.getByTestId('storage-version')).toHaveText('v3');
  await expect(conflict).toHaveCount(0);

  // Webhooks: the URL is shown once; rotating gives another.
  await openExecutableTab(page, 'Alerts & webhooks');
  await page.getByRole('button', { name: 'New webhook' }).click();
  await dialog.getByLabel('Name').fill('CI hook');
  await dialog.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('you will not see this again')).toBeVisible();
  const url = page.getByTestId('webhook-url');
  await expect(url).toContainText('/api/hooks/twh_');
  const first = await url.textContent();
  await expect(page.locator('[data-testid="webhook-row"][data-name="CI hook"]')).toBeVisible();
  await shot(page, '45-webhook-created');
  await page.getByRole('button', { name: 'Rotate CI hook' }).click();
  await expect(page.getByText('New URL for CI hook')).toBeVisible();
  await expect(url).not.toHaveText(first ?? '');
  await expect(url).toContainText('/api/hooks/twh_');
  await shot(page, '46-executable-detail');

  // Facets, one save each: gas mode (with its sponsor), a secret binding and the pin; all kept on reload.
  // No sponsor on the record yet: one select, showing the default the engine uses.
  await openExecutableTab(page, 'Settings');
  await expect(page.getByTestId('executable-sponsorship-provider')).toHaveText(
    'default (chain paymaster, else pimlico)',
  );
  await page.getByLabel('Gas mode').selectOption('sponsored');
  await expect(page.getByRole('combobox', { name: /sponsor/i })).toHaveCount(1);
  await expect(page.getByLabel('Sponsor', { exact: true })).toHaveValue('');
  await page.getByLabel('Sponsor', { exact: true }).selectOption('alchemy');
  await page.getByRole('button', { name: 'Save gas mode' }).click();
  await expect(page.getByText('Gas mode saved')).toBeVisible();
  await expect(page.getByTestId('executable-gas-mode')).toHaveText('sponsored');
  await expect(page.getByTestId('executable-sponsorship-provider')).toHaveText('alchemy');
  await page.getByRole('button', { name: 'Add binding' }).click();
  await page.getByLabel('Secret 1').selectOption({ label: 'PRICE_API_KEY' });
  await page.getByLabel('Env key 1').fill('price-key');
  await expect(page.getByRole('button', { name: 'Save secrets' })).toBeDisabled();
  await page.getByLabel('Env key 1').fill('PRICE_KEY');
  await page.getByRole('button', { name: 'Save secrets' }).click();
  await expect(page.getByText('Secret bindings saved')).toBeVisible();
  await expect(page.getByTestId('executable-secrets')).toHaveText('PRICE_KEY ← PRICE_API_KEY');
  await page.getByRole('button', { name: 'Pin executable' }).click();
  await expect(page.getByTestId('executable-pinned')).toHaveText('pinned');
  await page.reload();
  await expect(page).toHaveURL(/\?tab=settings$/); // the tab survives the reload
  await expect(
    page.getByRole('navigation', { name: 'Executable' }).getByRole('link', { name: 'Settings' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('executable-gas-mode')).toHaveText('sponsored');
  await expect(page.getByLabel('Gas mode')).toHaveValue('sponsored');
  await expect(page.getByTestId('executable-secrets')).toHaveText('PRICE_KEY ← PRICE_API_KEY');
  await expect(page.getByLabel('Env key 1')).toHaveValue('PRICE_KEY');
  await expect(page.getByTestId('executable-pinned')).toHaveText('pinned');
  await expect(page.getByRole('button', { name: 'Unpin executable' })).toBeVisible();

  // Back on the list: the row summarises the executable.
  await page.getByRole('link', { name: 'Executables' }).first().click();
  const row = page.locator('[data-testid="executable-row"][data-name="Rebalance"]');
  await expect(row).toContainText('paused');
  await expect(row).toContainText('cron */15 * * * *');
  await expect(row).toContainText('keeper@v2');
  await expect(row).toContainText('Keeper wallet');
  await expect(row.getByTestId('executable-pin')).toBeVisible();
  await shot(page, '47-executables-list');

  // The profile is in use: archiving is refused with the executable named.
  await tabs.getByRole('link', { name: 'Profiles' }).click();
  await keeperRow.getByRole('button', { name: 'Archive Keeper wallet' }).click();
  await dialog.getByRole('button', { name: 'Archive profile' }).click();
  await expect(dialog.getByTestId('profile-in-use')).toBeVisible();
  await settled(page);
  await shot(page, '48-profile-in-use');
});
