// The first screen's getting-started checklist: ticked from the workspace's data, gone once dismissed.
import { expect, test } from '@playwright/test';
import { createProject, rpcUrl, signIn } from './support/console';
import { installWallet } from './support/wallet';

test('a new workspace sees the checklist tick its first step, and dismisses it for good', async ({
  page,
}) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  const projectsUrl = page.url();

  const checklist = page.getByTestId('getting-started');
  await expect(checklist).toBeVisible();
  await expect(checklist).toContainText('0 of 6 done');
  await expect(checklist.locator('[data-step="project"]')).toHaveAttribute('data-done', 'false');

  await createProject(page, 'First steps');
  await page.goto(projectsUrl);
  await expect(checklist).toContainText('1 of 6 done');
  await expect(checklist.locator('[data-step="project"]')).toHaveAttribute('data-done', 'true');
  // with a project, the next steps link into it
  await expect(checklist.getByRole('link', { name: 'Upload a function' })).toHaveAttribute(
    'href',
    /\/projects\/prj_[^/]+\/functions$/,
  );

  await checklist.getByRole('button', { name: 'Dismiss getting started' }).click();
  await expect(checklist).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByTestId('getting-started')).toHaveCount(0);
});
