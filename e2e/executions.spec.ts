// Executions in the console: an executable is simulated (a dry run ends skipped), then run for real (a
// confirmed transaction); its execution page shows the calls and the task's logs, and the project's
// Executions tab lists and filters them. A run whose cancellation is not mined shows its profile nonce blocked.
import { expect, test } from '@playwright/test';
import { createProject, openDialog, openExecutableTab, rpcUrl, signIn } from './support/console';
import { markCancellationPending } from './support/db';
import { createFundedProfile } from './support/profiles';
import { releaseZip, uploadRelease } from './support/releases';
import { shot, shotAtDesktopSizes } from './support/shots';
import { installWallet } from './support/wallet';

/** Any address: the task sends it an empty call, which only needs its target listed in permissions.json. */
const TARGET = '0x000000000000000000000000000000000000dEaD';

// Counts its runs in storage (a dry run does not commit, so the first real run is run 1) and asks for one call.
const TASK = `export default {
  __tickworkTask: 1,
  run: async ({ storage, log }) => {
    const runs = ((await storage.get('runs')) ?? 0) + 1;
    await storage.set('runs', runs);
    log.info('hello from the task');
    log.info(\`run \${runs}\`);
    return { canExec: true, calls: [{ to: '${TARGET}', data: '0x', value: '0' }] };
  },
};
`;
const PERMISSIONS = JSON.stringify({ calls: [{ to: TARGET, functions: ['0x00000000'] }] }, null, 2);

test('simulate and run an executable, follow its executions and read their logs', async ({ page }) => {
  test.setTimeout(300_000);
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await createProject(page, 'Run Desk');
  const projectUrl = page.url();
  const tabs = page.getByRole('navigation', { name: 'Project' });

  await tabs.getByRole('link', { name: 'Functions' }).click();
  await openDialog(page, 'Upload release');
  await uploadRelease(page, releaseZip(TASK, { 'permissions.json': PERMISSIONS }), {
    fileName: 'counter.zip',
  });
  await expect(page.getByText('Uploaded counter@v1')).toBeVisible();

  await tabs.getByRole('link', { name: 'Profiles' }).click();
  await createFundedProfile(page, 'Runner wallet');

  // An hourly executable: nothing runs on its own during the test.
  await tabs.getByRole('link', { name: 'Executables' }).click();
  await openDialog(page, 'New executable');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Counter');
  await dialog.getByLabel('Trigger').selectOption('interval');
  await dialog.getByLabel('Every (seconds)').fill('3600');
  await dialog.getByRole('button', { name: 'Create executable' }).click();
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/executables/[^/]+$`));
  await expect(page.getByTestId('executable-state')).toHaveText('active', { timeout: 90_000 });
  await expect(page.getByText('No executions yet')).toBeVisible();

  // Simulate: a dry run evaluates the task and simulates its call, then ends skipped (shown as simulated); nothing
  // is sent.
  await page.getByRole('button', { name: 'Simulate' }).click();
  await expect(page.getByText('Simulation of Counter queued')).toBeVisible();
  const rows = page.getByTestId('execution-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('execution-status')).toHaveText('simulated', { timeout: 90_000 });
  await expect(rows.first().getByTestId('execution-status')).toHaveAttribute('data-status', 'skipped');
  await expect(rows.first().getByTestId('execution-trigger')).toHaveText('simulate');
  await expect(rows.first().getByTestId('execution-outcome')).toContainText('dry run');
  await expect(rows.first().getByTestId('execution-tx-hash')).toHaveCount(0);

  // Run now: the call is sent from the profile and confirmed on anvil; the card updates without a reload.
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('Run of Counter queued')).toBeVisible();
  await expect(rows).toHaveCount(2);
  const run = rows.first();
  await expect(run.getByTestId('execution-trigger')).toHaveText('manual');
  await expect(run.getByTestId('execution-status')).toHaveText('confirmed', { timeout: 90_000 });
  await expect(run.getByTestId('execution-tx-hash')).toContainText(/^0x[0-9a-f]{6}…[0-9a-f]{6}$/);
  await shot(page, '50-executable-executions');

  // The header sums up the health next to the state: the last run (linking to it) and no open incidents.
  const health = page.getByTestId('executable-health');
  await expect(health.getByTestId('execution-status')).toHaveText('confirmed');
  await expect(page.getByTestId('executable-open-incidents')).toHaveText('0 open incidents');

  // The page's tabs keep their place in the URL, through a reload; Runs & health is the first, without ?tab=.
  const exeUrl = page.url();
  const exeTabs = page.getByRole('navigation', { name: 'Executable' });
  await openExecutableTab(page, 'Settings');
  await expect(page).toHaveURL(`${exeUrl}?tab=settings`);
  await expect(page.getByRole('button', { name: 'Save trigger' })).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.reload();
  await expect(exeTabs.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Save trigger' })).toBeVisible();
  await page.getByTestId('executable-open-incidents').click();
  await expect(page).toHaveURL(`${exeUrl}#incidents`);
  await expect(exeTabs.getByRole('link', { name: 'Runs & health' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('alert-incidents')).toBeVisible();
  await expect(rows).toHaveCount(2);

  // The execution's page (the whole row opens it): the record, its one call and the task's logs.
  await run.scrollIntoViewIfNeeded(); // the incidents link above scrolled down to #incidents
  const badge = await run.getByTestId('execution-status').boundingBox();
  if (!badge) throw new Error('the run has no status badge');
  // beside the status badge: the row itself, no link there
  await page.mouse.click(badge.x + badge.width + 6, badge.y + badge.height / 2);
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/executions/[^/]+$`));
  const executionUrl = page.url();
  await expect(page.getByTestId('execution-status')).toHaveText('confirmed');
  await expect(page.getByTestId('execution-tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/);
  // the run's one signed transaction, in the Broadcasts card
  await expect(page.getByTestId('broadcast-tx-hash')).toHaveCount(1);
  await expect(page.getByTestId('execution-gas-used')).toHaveText(/^[\d,]+$/);
  await expect(page.getByTestId('execution-call')).toHaveCount(1);
  await expect(page.getByTestId('execution-call')).toContainText(new RegExp(TARGET, 'i'));
  const logs = page.getByTestId('execution-log');
  await expect(logs.first()).toContainText('hello from the task');
  await expect(logs.nth(1)).toContainText('run 1');
  await expect(logs.first()).toHaveAttribute('data-level', 'info');
  await shot(page, '51-execution-detail');

  // The project's Executions tab: both, newest first; the status filter narrows to the dry run.
  await tabs.getByRole('link', { name: 'Executions' }).click();
  await expect(page).toHaveURL(`${projectUrl}/executions`);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Counter');
  await expect(rows.first().getByTestId('execution-status')).toHaveText('confirmed');
  await page
    .getByRole('navigation', { name: 'Status filter' })
    .getByRole('link', { name: 'skipped' })
    .click();
  await expect(page).toHaveURL(`${projectUrl}/executions?status=skipped`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('execution-status')).toHaveText('simulated');
  await shot(page, '52-project-executions');
  await page.getByRole('navigation', { name: 'Status filter' }).getByRole('link', { name: 'failed' }).click();
  await expect(page.getByText('No failed executions')).toBeVisible();

  // The executables list shows each one's last run, linking to it.
  await tabs.getByRole('link', { name: 'Executables' }).click();
  await expect(page.getByTestId('last-run').getByTestId('execution-status')).toHaveText('confirmed');

  // The project's overview counts the last day's runs by outcome.
  await tabs.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('recent-confirmed')).toHaveText('1');
  await expect(page.getByTestId('recent-skipped')).toHaveText('1');
  // nothing failed: one "all healthy" line instead of the failures
  await expect(page.getByTestId('project-all-healthy')).toBeVisible();
  await expect(page.getByTestId('project-failures')).toHaveCount(0);

  // Had its cancellation not been mined, the profile would show its account blocked, linking to the run.
  await markCancellationPending(executionUrl.split('/').at(-1) as string);
  await tabs.getByRole('link', { name: 'Profiles' }).click();
  const profile = page.locator('[data-testid="profile-row"][data-name="Runner wallet"]');
  await expect(profile.getByTestId('profile-nonce-blocked')).toHaveText('Nonce blocked');
  await expect(profile.getByTestId('profile-nonce-blocked-reason')).toContainText(
    /^Tickwork gave up on the transaction at nonce \d+ and its cancellation is not mined yet; runs of this account wait\./,
  );
  await shotAtDesktopSizes(page, '53-profile-nonce-blocked'); // the explanation wraps: the table still fits
  await profile.getByTestId('profile-nonce-blocked-execution').click();
  await expect(page).toHaveURL(executionUrl);
});
