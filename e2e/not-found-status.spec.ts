// Missing console pages answer HTTP 404 (not a 200 that shows "not found"): an unknown workspace, project,
// executable, execution, release or channel, requested signed in; a real page still answers 200.
import { expect, test } from '@playwright/test';
import { createProject, rpcUrl, signIn, workspaceSlugOf } from './support/console';
import { installWallet } from './support/wallet';

test('every missing console resource answers 404, a real one 200', async ({ page }) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  const slug = workspaceSlugOf(page.url());
  await createProject(page, 'Status Codes');
  const project = new URL(page.url()).pathname;

  const statusOf = async (url: string) => (await page.request.get(url, { maxRedirects: 0 })).status();
  expect(await statusOf(project)).toBe(200);
  expect(await statusOf(`${project}/executables`)).toBe(200);
  const missing = [
    '/no-such-workspace-404/projects',
    `/${slug}/projects/prj_doesnotexist`,
    `/${slug}/projects/prj_doesnotexist/executables`,
    `${project}/executables/exe_nope`,
    `${project}/executions/exn_nope`,
    `${project}/functions/fn_nope`,
    `${project}/notifications/ch_nope`,
  ];
  for (const url of missing) expect({ url, status: await statusOf(url) }).toEqual({ url, status: 404 });
});
