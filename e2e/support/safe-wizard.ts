import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { createProject, rpcUrl, signIn } from './console';
import { shotAtDesktopSizes } from './shots';
import { connectWallet, installWallet } from './wallet';

// The Safe wizard and the Profiles tab as the Safe and Zodiac Roles specs drive them.

/**
 * Signs in with the page's wallet and opens the Safe wizard of a new project from New profile → `menuItem`
 * (the Safe entry, or the Zodiac Roles one that preselects roles access).
 */
export async function openSafeWizard(page: Page, project: string, menuItem: RegExp = /^Safe\b/) {
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await createProject(page, project);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Profiles' }).click();
  await expect(async () => {
    await page.getByRole('button', { name: 'New profile' }).first().click({ timeout: 2_000 });
    await page.getByRole('menuitem', { name: menuItem }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/profiles\/new-safe(\?access=roles)?$/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'New Safe profile' })).toBeVisible();
}

/** The profile step: names the profile, creates it and answers its executor; then opens the owners' transaction. */
export async function createSafeProfile(page: Page, alias: string, shots: string) {
  await page.getByLabel('Alias').fill(alias);
  await shotAtDesktopSizes(page, `${shots}-profile`);
  await page.getByRole('button', { name: 'Create profile' }).click();
  const executor = page.getByTestId('safe-profile-executor').locator('code');
  await expect(executor).toHaveAttribute('title', /^0x[0-9a-fA-F]{40}$/);
  await shotAtDesktopSizes(page, `${shots}-profile-created`);
  const address = (await executor.getAttribute('title')) ?? '';
  await page.getByRole('button', { name: 'Continue' }).click();
  return address;
}

/** Opens `url` again until `locator` reads `text` (a job records what the chain shows), then waits for hydration. */
export async function reloadUntil(page: Page, url: string, locator: Locator, text: string) {
  await expect(async () => {
    await page.goto(url);
    await expect(locator).toHaveText(text, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

export const profileRow = (page: Page, name: string) =>
  page.locator(`[data-testid="profile-row"][data-name="${name}"]`);

/** A browser of its own with an owner's wallet, on the signing page, wallet connected. */
export async function openAsOwner(browser: Browser, privateKey: `0x${string}`, url: string) {
  const page = await (await browser.newContext()).newPage();
  await installWallet(page, { rpcUrl: rpcUrl(), privateKey });
  await page.goto(url);
  await connectWallet(page);
  return page;
}
