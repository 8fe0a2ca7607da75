import { expect, type Page } from '@playwright/test';
import { openDialog } from './console';

/**
 * On the Profiles tab: creates a legacy profile on the local chain, waits until it is active (the worker
 * delegates it on anvil) and funds it from the dev faucet so it can pay gas. Answers its table row.
 */
export async function createFundedProfile(page: Page, alias: string) {
  await openDialog(page, 'New profile', 'New account');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Alias').fill(alias);
  await expect(dialog.getByLabel('Chain')).toHaveValue('31337');
  await dialog.getByRole('button', { name: 'Create profile' }).click();
  const row = page.locator(`[data-testid="profile-row"][data-name="${alias}"]`);
  await expect(row.getByTestId('profile-state')).toHaveText('active', { timeout: 60_000 });
  await row.getByRole('button', { name: `Faucet ${alias}` }).click();
  await expect(page.getByText(`${alias} funded on the local chain`)).toBeVisible();
  await expect(row.getByTestId('profile-balance')).toContainText('ETH');
  return row;
}
