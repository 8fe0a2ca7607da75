// The console end to end: SIWE sign-in with an injected wallet, projects, secrets, CLI consent, usage.
import { expect, test } from '@playwright/test';
import { openDialog, rpcUrl, signIn, workspaceSlugOf } from './support/console';
import { shot } from './support/shots';
import { installWallet } from './support/wallet';

test('sign in, create a project and a secret, approve a CLI login, read usage', async ({ page, request }) => {
  const wallet = await installWallet(page, { rpcUrl: rpcUrl() });

  await page.goto('/');
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByText('Using Tickwork Test Wallet')).toBeVisible();
  await shot(page, '01-signin');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  const slug = workspaceSlugOf(page.url());
  await expect(page.getByTestId('user-address')).toContainText(wallet.address.slice(0, 6));
  await expect(page.getByText('Create your first project')).toBeVisible();
  await shot(page, '02-projects-empty');

  // A project: the slug follows the name until edited.
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel('Name').fill('Treasury Rebalancer');
  await expect(page.getByLabel('Slug')).toHaveValue('treasury-rebalancer');
  await page.getByLabel('Description').fill('Keeps the treasury split 60/40 between ETH and USDC.');
  await page.getByLabel('Environment').selectOption('development');
  await shot(page, '03-create-project');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Treasury Rebalancer' })).toBeVisible();
  await expect(page.getByText('No secrets yet')).toBeVisible();

  // A secret: its value goes in and never comes back.
  const secretValue = `sk_live_${crypto.randomUUID()}`;
  await page.getByRole('button', { name: 'New secret' }).click();
  await page.getByLabel('Name').fill('PRICE_API_KEY');
  await page.getByLabel('Value').fill(secretValue);
  await page.getByRole('button', { name: 'Save secret' }).click();
  await expect(page.getByTestId('secret-row')).toContainText('PRICE_API_KEY');
  await expect(page.getByText('Its value will not be shown again.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(secretValue);
  await page.reload();
  await expect(page.getByTestId('secret-row')).toContainText('v1');
  expect(await page.content()).not.toContain(secretValue);
  await shot(page, '04-project-secrets');

  // Rotating bumps the version.
  await page.getByRole('button', { name: 'Rotate PRICE_API_KEY' }).click();
  await page.getByLabel('Value').fill(`${secretValue}-2`);
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(page.getByTestId('secret-row')).toContainText('v2');

  // Editing keeps the slug; deleting a secret empties the list.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Description').fill('Rebalances the treasury every hour.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Rebalances the treasury every hour.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete PRICE_API_KEY' }).click();
  await page.getByRole('button', { name: 'Delete secret' }).click();
  await expect(page.getByText('No secrets yet')).toBeVisible();

  // A second project with the same slug is refused with the service's 409 message.
  await page.goto(`/${slug}/projects`);
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel('Name').fill('Treasury Rebalancer');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText(
    'a project with slug "treasury-rebalancer" already exists',
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await shot(page, '05-projects');

  // Management login: the CLI starts it, the console approves it for one workspace, the CLI gets a bound key.
  const start = await request.post('/api/cli/login', { data: { clientName: 'e2e CLI' } });
  expect(start.status()).toBe(201);
  const login = (await start.json()).data as {
    deviceCode: string;
    userCode: string;
    verificationUrlComplete: string;
  };
  const pending = await request.post('/api/cli/token', { data: { deviceCode: login.deviceCode } });
  expect((await pending.json()).code).toBe('authorization_pending');

  await page.goto(login.verificationUrlComplete);
  await expect(page.getByTestId('cli-user-code')).toHaveText(login.userCode);
  await expect(page.getByText('Authorize e2e CLI')).toBeVisible();
  await page.getByRole('radio').first().check();
  await shot(page, '06-cli-consent');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('cli-login-done')).toContainText('CLI authorized');

  const issued = await request.post('/api/cli/token', { data: { deviceCode: login.deviceCode } });
  expect(issued.status()).toBe(200);
  const { token } = (await issued.json()).data as { token: string };
  const projects = await request.get('/api/v1/projects', { headers: { Authorization: `Bearer ${token}` } });
  expect(projects.status()).toBe(200);
  const listed = (await projects.json()).data as { slug: string }[];
  expect(listed.map((p) => p.slug)).toContain('treasury-rebalancer');

  // The bound key shows up under API keys.
  await page.goto(`/${slug}/api-keys`);
  await expect(page.getByTestId('api-key-row').filter({ hasText: 'CLI login (e2e CLI)' })).toContainText(
    'Active',
  );
  await shot(page, '07-api-keys');

  // A key with the scopes and expiry chosen, bound to the workspace, shown once.
  await openDialog(page, 'Create API key');
  await page.getByLabel('Name').fill('deploy script');
  await expect(page.getByRole('radio', { name: /Read only/ })).toBeChecked();
  await expect(page.getByLabel('Expires')).toHaveValue('90d');
  await page.getByRole('radio', { name: /Full access/ }).check();
  await expect(page.getByRole('checkbox', { name: 'projects:write' })).toBeChecked();
  await page.getByRole('radio', { name: /Read only/ }).check();
  await page.getByRole('checkbox', { name: 'usage:read' }).uncheck();
  await expect(page.getByRole('radio', { name: /Custom/ })).toBeChecked();
  await page.getByLabel('Expires').selectOption('30d');
  await shot(page, '08-create-api-key');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('new-api-key')).toHaveText(/^tw_/);
  await expect(page.getByText('You will not see this key again.')).toBeVisible();
  const deployToken = (await page.getByTestId('new-api-key').textContent()) as string;
  await shot(page, '08-new-api-key');
  await page.getByRole('button', { name: 'Done' }).click();
  const deployKey = page.getByTestId('api-key-row').filter({ hasText: 'deploy script' });
  await expect(deployKey).toContainText('10 scopes'); // every read scope (alerts:read included) but usage:read
  await expect(deployKey).toContainText('in 30 days');
  await expect(deployKey).toContainText('Never');
  await expect(deployKey).not.toContainText('Unbound');
  const bearer = { Authorization: `Bearer ${deployToken}` };
  expect((await request.get('/api/v1/projects', { headers: bearer })).status()).toBe(200);
  const usage = await request.get('/api/v1/usage', { headers: bearer });
  expect([usage.status(), (await usage.json()).code]).toEqual([403, 'insufficient_scope']);
  await deployKey.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(deployKey).toContainText('Revoked');
  expect((await request.get('/api/v1/projects', { headers: bearer })).status()).toBe(401);

  // Usage: cards and the (empty) daily chart.
  await page.goto(`/${slug}/usage`);
  await expect(page.getByText('Compute units', { exact: true })).toBeVisible();
  await expect(page.getByTestId('usage-chart').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByText('No compute used yet this cycle')).toBeVisible();
  await shot(page, '09-usage');

  await page.goto(`/${slug}/chains`);
  await expect(page.getByRole('cell', { name: '31337' })).toBeVisible();
  await shot(page, '10-chains');

  await page.goto(`/${slug}/api-reference`);
  await expect(page.getByRole('heading', { name: 'Projects', level: 2 })).toBeVisible();
  await shot(page, '11-api-reference', { fullPage: false });
  await page.locator('#post-api-v1-secrets').scrollIntoViewIfNeeded();
  await shot(page, '12-api-reference-operation', { fullPage: false });

  // Someone else's workspace, or none at all, is a 404.
  const missing = await page.goto('/no-such-workspace/projects');
  expect(missing?.status()).toBe(404);

  // The workspace switcher lists the person's workspaces; the user menu signs out.
  await page.goto(`/${slug}/projects`);
  await page.getByRole('button', { name: 'Switch workspace' }).click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await shot(page, '13-workspace-switcher', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Account menu' }).first().click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto(`/${slug}/projects`);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
});

test('the consent page asks a signed-out person to sign in first, and a denial issues nothing', async ({
  page,
  request,
}) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  const start = await request.post('/api/cli/login', { data: { clientName: 'denied CLI' } });
  const login = (await start.json()).data as {
    deviceCode: string;
    userCode: string;
    verificationUrlComplete: string;
  };

  await page.goto(login.verificationUrlComplete);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
  await signIn(page);
  await expect(page).toHaveURL(/\/cli\/authorize\?code=/);
  await expect(page.getByTestId('cli-user-code')).toHaveText(login.userCode);
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByTestId('cli-login-done')).toContainText('Request denied');

  const polled = await request.post('/api/cli/token', { data: { deviceCode: login.deviceCode } });
  expect(polled.status()).toBe(400);
  expect((await polled.json()).code).toBe('access_denied');
});
