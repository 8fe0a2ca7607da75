// Plan switching in the console with the local provider: an owner upgrades and downgrades; the plan card and the
// usage limits follow at once.
import { expect, test } from '@playwright/test';
import { openDialog, rpcUrl, signIn, workspaceSlugOf } from './support/console';
import { installWallet } from './support/wallet';

test('an owner switches Free → Pro → Free on the plan page', async ({ page }) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await page.goto(`/${workspaceSlugOf(page.url())}/settings/plan`);

  const pro = page.getByTestId('plan-pro');
  const free = page.getByTestId('plan-free');
  await expect(free.getByText('Current plan')).toBeVisible();
  await expect(page.getByTestId('usage-executables')).toContainText('0 of 3');

  await openDialog(page, 'Upgrade to Pro');
  await page.getByRole('dialog').getByRole('button', { name: 'Switch to Pro' }).click();
  await expect(page.getByText('Switched to the Pro plan')).toBeVisible();
  await expect(pro.getByText('Current plan')).toBeVisible();
  await expect(page.getByTestId('usage-executables')).toContainText('0 of 20');
  await expect(page.getByTestId('usage-function-uploads')).toContainText('(unlimited)');

  await openDialog(page, 'Switch to Free');
  await page.getByRole('dialog').getByRole('button', { name: 'Switch to Free' }).click();
  await expect(free.getByText('Current plan')).toBeVisible();
  await expect(page.getByTestId('usage-executables')).toContainText('0 of 3');
});
