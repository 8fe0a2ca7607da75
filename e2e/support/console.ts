import { expect, type Locator, type Page } from '@playwright/test';

/** The anvil RPC of the stack under test (the global setup sets it). */
export const rpcUrl = () => {
  const url = process.env.TEST_RPC_URL;
  if (!url) throw new Error('TEST_RPC_URL is not set (the global setup sets it)');
  return url;
};

/** Signs in on the sign-in page with the injected wallet (installWallet). */
export async function signIn(page: Page) {
  await page.getByRole('button', { name: 'Sign in with Ethereum' }).click();
}

/** The workspace slug from a console URL such as /{slug}/projects. */
export const workspaceSlugOf = (url: string) => new URL(url).pathname.split('/')[1];

/** Creates a project from the projects page and waits for its page. */
export async function createProject(page: Page, name: string) {
  await openDialog(page, 'New project');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/**
 * Clicks the button that opens a dialog until the dialog shows: a click that lands before React hydrated the
 * server-rendered button does nothing (a slow machine makes that window wide). With `menuItem`, the button
 * opens a menu and that item of it opens the dialog.
 */
export async function openDialog(page: Page, opener: string | Locator, menuItem?: string) {
  const dialog = page.getByRole('dialog');
  const button = typeof opener === 'string' ? page.getByRole('button', { name: opener }).first() : opener;
  await expect(async () => {
    // a slow first try may have opened it already: clicking again would hit the dialog's backdrop
    if (!(await dialog.isVisible())) {
      await button.click({ timeout: 2_000 });
      if (menuItem) await page.getByRole('menuitem', { name: menuItem }).click({ timeout: 2_000 });
    }
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Opens a tab of an executable's page (Runs & health, Settings, Storage, Alerts & webhooks) and waits for it. */
export async function openExecutableTab(
  page: Page,
  name: 'Runs & health' | 'Settings' | 'Storage' | 'Alerts & webhooks',
) {
  const tab = page.getByRole('navigation', { name: 'Executable' }).getByRole('link', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-current', 'page');
}
