// Project deletion in the console: the owner confirms by typing the project's name; the project leaves the list.
import { expect, test } from '@playwright/test';
import { createProject, openDialog, rpcUrl, signIn } from './support/console';
import { installWallet } from './support/wallet';

test('an owner deletes a project through the confirmation dialog', async ({ page }) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  const name = `Doomed ${crypto.randomUUID().slice(0, 8)}`;
  await createProject(page, name);

  await openDialog(page, 'Delete project');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('project-deletion-contents')).toContainText('0 executables');
  await expect(dialog).toContainText('On-chain accounts and their funds are not touched');
  const confirm = dialog.getByRole('button', { name: 'Delete project' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type “${name}” to confirm`).fill(name);
  await confirm.click();

  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await expect(page.getByText(`Project “${name}” deleted`)).toBeVisible();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});
