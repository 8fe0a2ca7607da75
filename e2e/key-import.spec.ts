// Private-key import in the console: a bad key is refused on its field without being repeated; a pasted key
// becomes a legacy profile shown by its address, marked imported, that turns active once delegated on anvil; a key
// read from a file works the same.
import { expect, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createProject, openDialog, rpcUrl, signIn } from './support/console';
import { installWallet } from './support/wallet';

test('an owner imports a pasted key and sees the profile by its address', async ({ page }) => {
  test.setTimeout(120_000);
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await createProject(page, `Imports ${crypto.randomUUID().slice(0, 8)}`);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Profiles' }).click();
  await expect(page.getByText('No profiles yet')).toBeVisible();

  const key = generatePrivateKey();
  const { address } = privateKeyToAccount(key);
  await openDialog(page, 'New profile', 'Import an existing key');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Import an existing key' })).toBeVisible();
  await dialog.getByLabel('Alias').fill('Old keeper');
  const keyField = dialog.getByLabel('Private key', { exact: true });
  await expect(keyField).toHaveAttribute('type', 'password');

  // a key one digit short: refused on the field, the input not repeated
  await keyField.fill(key.slice(0, -1));
  await dialog.getByRole('button', { name: 'Import key' }).click();
  await expect(dialog.getByRole('alert')).toContainText('a private key is 32 bytes of hex');
  await expect(dialog).not.toContainText(key.slice(2, 20));

  await keyField.fill(key);
  await dialog.getByRole('button', { name: 'Import key' }).click();
  await expect(page.getByText('Key imported: profile Old keeper')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.locator('[data-testid="profile-row"][data-name="Old keeper"]');
  await expect(row.locator(`code[title="${address}"]`)).toBeVisible();
  await expect(row.getByTestId('profile-key-source')).toHaveText('· imported key');
  await expect(row.getByTestId('profile-state')).toHaveText('active', { timeout: 60_000 });

  // another key read from a file (without 0x, with a trailing newline)
  const fileKey = generatePrivateKey();
  await openDialog(page, 'New profile', 'Import an existing key');
  await dialog.getByLabel('Alias').fill('From file');
  await dialog.getByLabel('Private key file').setInputFiles({
    name: 'keeper.key',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${fileKey.slice(2)}\n`),
  });
  await expect(dialog.getByText('Read from keeper.key')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import key' }).click();
  await expect(dialog).toBeHidden();
  const fileRow = page.locator('[data-testid="profile-row"][data-name="From file"]');
  await expect(fileRow.locator(`code[title="${privateKeyToAccount(fileKey).address}"]`)).toBeVisible();

  // the keys are nowhere in the page once imported
  const html = (await page.content()).toLowerCase();
  expect(html).not.toContain(key.slice(2));
  expect(html).not.toContain(fileKey.slice(2));
});
