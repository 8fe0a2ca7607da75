// Two people, two wallets: an owner invites a second address as admin; the admin signs in and works in the
// workspace; demoted to member they lose every mutation at once (console and API); removed they lose reads.
// The last owner cannot leave, and a renamed workspace's old URL redirects.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { getAddress } from 'viem';
import { createProject, openDialog, rpcUrl, signIn, workspaceSlugOf } from './support/console';
import { mintApiKey } from './support/db';
import { installWallet, type TestWallet } from './support/wallet';

async function signedIn(browser: Browser): Promise<{ page: Page; wallet: TestWallet }> {
  const page = await (await browser.newContext()).newPage();
  const wallet = await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  return { page, wallet };
}

const createProjectByApi = (page: Page, token: string, name: string) =>
  page.request.post('/api/v1/projects', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, slug: name.toLowerCase().replace(/\W+/g, '-') },
  });

test('invite an admin, demote to member, remove; the last owner cannot leave', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await signedIn(browser);
  const slug = workspaceSlugOf(owner.page.url());
  const teammate = (await browser.newContext()).newPage();
  const mate = await teammate;
  const mateWallet = await installWallet(mate, { rpcUrl: rpcUrl() });
  const mateLabel = getAddress(mateWallet.address);

  // the owner invites the second address as admin
  await owner.page.goto(`/${slug}/settings/members`);
  await openDialog(owner.page, 'Invite member');
  await owner.page.getByLabel('Wallet address or ENS name').fill(mateWallet.address.toLowerCase());
  await owner.page.getByLabel('Role', { exact: true }).selectOption('admin');
  await owner.page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.page.getByTestId('invitation-row')).toContainText(mateLabel);

  // the teammate signs in, sees the workspace and changes it as an admin
  await mate.goto('/');
  await signIn(mate);
  await expect(mate).toHaveURL(/\/[^/]+\/projects$/);
  await mate.goto(`/${slug}/projects`);
  await createProject(mate, `Mate ${crypto.randomUUID().slice(0, 6)}`);
  const token = await mintApiKey(mateWallet.address, slug);
  expect((await createProjectByApi(mate, token, `api-${crypto.randomUUID().slice(0, 6)}`)).status()).toBe(
    201,
  );

  // with a form already open, the teammate is demoted to member
  await mate.goto(`/${slug}/projects`);
  await openDialog(mate, 'New project');
  await mate.getByLabel('Name').fill('After demotion');
  await owner.page.reload();
  await owner.page.getByLabel(`Role of ${mateLabel}`).selectOption('member');
  await expect(owner.page.getByText(`${mateLabel} is now a member`)).toBeVisible();

  // every mutation is refused at once: the open form, the API
  await mate.getByRole('button', { name: 'Create project' }).click();
  await expect(mate.getByRole('dialog')).toContainText('Only owners and admins can change this workspace.');
  expect((await createProjectByApi(mate, token, `api-${crypto.randomUUID().slice(0, 6)}`)).status()).toBe(
    403,
  );
  expect(
    (await mate.request.get('/api/v1/projects', { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(200);
  await mate.goto(`/${slug}/projects`);
  await expect(mate.getByRole('button', { name: 'New project' })).toHaveCount(0);
  await mate.goto(`/${slug}/settings`);
  await expect(mate.getByLabel('Workspace name')).toBeDisabled();

  // removed: reads end too
  await openDialog(owner.page, `Remove ${mateLabel}`);
  await owner.page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(owner.page.getByText(`Removed ${mateLabel}`)).toBeVisible();
  await expect(owner.page.getByTestId('member-row')).toHaveCount(1);
  await mate.goto(`/${slug}/projects`);
  await expect(mate.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(
    (await mate.request.get('/api/v1/projects', { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(401);

  // the last owner is not offered to leave (the API refuses it: test/api/workspaces)
  await expect(owner.page.getByRole('button', { name: 'Leave workspace' })).toHaveCount(0);

  // a new URL: the old one redirects, path and all
  const moved = `moved-${crypto.randomUUID().slice(0, 6)}`;
  await owner.page.goto(`/${slug}/settings`);
  await owner.page.getByLabel('Workspace URL').fill(moved);
  await owner.page.getByRole('button', { name: 'Save' }).nth(1).click();
  await expect(owner.page).toHaveURL(new RegExp(`/${moved}/settings$`));
  await owner.page.goto(`/${slug}/settings/members`);
  await expect(owner.page).toHaveURL(new RegExp(`/${moved}/settings/members$`));
  await expect(owner.page.getByTestId('member-row')).toHaveCount(1);
});
