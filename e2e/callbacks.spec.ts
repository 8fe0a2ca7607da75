// Callbacks in the console: a release whose task defines onSuccess, uploaded through the console (which detects
// its callbacks), runs for real; the execution's page shows the callback's status and duration, and the lines
// the callback logged are tagged with its name.
import { expect, test } from '@playwright/test';
import { createProject, openDialog, rpcUrl, signIn } from './support/console';
import { createFundedProfile } from './support/profiles';
import { releaseZip, uploadRelease } from './support/releases';
import { shot } from './support/shots';
import { installWallet } from './support/wallet';

const TARGET = '0x000000000000000000000000000000000000dEaD';

const TASK = `export default {
  __tickworkTask: 1,
  run: async ({ log }) => {
    log.info('run asks for one call');
    return { canExec: true, calls: [{ to: '${TARGET}', data: '0x', value: '0' }] };
  },
  onSuccess: async ({ storage, log }, { transactionHash }) => {
    await storage.set('lastTx', transactionHash);
    log.info('confirmed in ' + transactionHash);
  },
};
`;
const PERMISSIONS = JSON.stringify({ calls: [{ to: TARGET, functions: ['0x00000000'] }] }, null, 2);

test('an onSuccess callback runs after a confirmed run and shows on the execution', async ({ page }) => {
  test.setTimeout(300_000);
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await createProject(page, 'Callback Desk');
  const projectUrl = page.url();
  const tabs = page.getByRole('navigation', { name: 'Project' });

  await tabs.getByRole('link', { name: 'Functions' }).click();
  await openDialog(page, 'Upload release');
  await uploadRelease(page, releaseZip(TASK, { 'permissions.json': PERMISSIONS }), {
    fileName: 'notify.zip',
  });
  await expect(page.getByText('Uploaded notify@v1')).toBeVisible();

  await tabs.getByRole('link', { name: 'Profiles' }).click();
  await createFundedProfile(page, 'Callback wallet');

  await tabs.getByRole('link', { name: 'Executables' }).click();
  await openDialog(page, 'New executable');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Notifier');
  await dialog.getByLabel('Trigger').selectOption('interval');
  await dialog.getByLabel('Every (seconds)').fill('3600');
  await dialog.getByRole('button', { name: 'Create executable' }).click();
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/executables/[^/]+$`));
  await expect(page.getByTestId('executable-state')).toHaveText('active', { timeout: 90_000 });

  await page.getByRole('button', { name: 'Run now' }).click();
  const run = page.getByTestId('execution-row').first();
  await expect(run.getByTestId('execution-status')).toHaveText('confirmed', { timeout: 30_000 });
  await run.getByTestId('execution-link').click();
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/executions/[^/]+$`));

  const callback = page.getByTestId('execution-callback');
  await expect(callback).toContainText('onSuccess');
  await expect(page.getByTestId('execution-callback-status')).toHaveText('succeeded', { timeout: 30_000 });
  await expect(callback).toContainText('Took');
  await expect(page.getByTestId('execution-status')).toHaveText('confirmed');
  const logs = page.getByTestId('execution-log');
  await expect(logs.first()).toContainText('run asks for one call');
  await expect(logs.last()).toContainText(/confirmed in 0x[0-9a-f]{64}/);
  await expect(logs.last().getByTestId('execution-log-callback')).toHaveText('onSuccess');
  await shot(page, '53-execution-callback');
});
