// A brand-new user's first automation from the console alone: no CLI step. The Functions page offers the
// template gallery; one click builds a template on the server into a release that carries its args schema; the
// new executable's args form is generated from it; the first run is confirmed on anvil. A task folder picked
// in the browser is built the same way.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { createProject, openDialog, rpcUrl, signIn } from './support/console';
import { createFundedProfile } from './support/profiles';
import { shot } from './support/shots';
import { installWallet } from './support/wallet';

test('from a template to a confirmed run, then a task folder built by the server', async ({ page }) => {
  test.setTimeout(300_000);
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await createProject(page, 'First Automation');
  const projectUrl = page.url();
  const tabs = page.getByRole('navigation', { name: 'Project' });

  // The empty Functions page leads with the gallery: Tickwork, Gelato- and Defender-style starters.
  await tabs.getByRole('link', { name: 'Functions' }).click();
  const gallery = page.getByTestId('template-gallery');
  await expect(gallery.getByTestId('template-card')).toHaveCount(5);
  await expect(gallery).toContainText('Gelato style');
  await expect(gallery).toContainText('Defender style');
  await shot(page, '60-functions-templates');
  await gallery.getByRole('button', { name: 'Use the Storage counter template' }).click();
  await expect(page.getByText('Created storage-counter@v1 from the Storage counter template')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { name: 'storage-counter' })).toBeVisible();

  await tabs.getByRole('link', { name: 'Profiles' }).click();
  await createFundedProfile(page, 'First wallet');

  // The args form comes from the release's schema.json: the counter field is required and checked as an address.
  await tabs.getByRole('link', { name: 'Executables' }).click();
  await openDialog(page, 'New executable');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Counter');
  await expect(dialog.getByLabel('Function')).toHaveValue(/.+/);
  await dialog.getByLabel('Trigger').selectOption('interval');
  await dialog.getByLabel('Every (seconds)').fill('3600');
  const counter = dialog.getByLabel('counter');
  await counter.fill('0x1234');
  await dialog.getByRole('button', { name: 'Create executable' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert').first()).toBeVisible();
  await counter.fill(LOCAL_DEMO_CONTRACTS.counter);
  await dialog.getByRole('button', { name: 'Create executable' }).click();
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/executables/[^/]+$`));
  await expect(page.getByTestId('executable-state')).toHaveText('active', { timeout: 90_000 });

  // Run 1 of storage-counter calls increment() on the DemoCounter: confirmed on anvil.
  await page.getByRole('button', { name: 'Run now' }).click();
  const run = page.getByTestId('execution-row').first();
  await expect(run.getByTestId('execution-status')).toHaveText('confirmed', { timeout: 60_000 });
  await shot(page, '61-first-run-confirmed');

  // A task folder, picked as a folder: the browser zips its source, the server bundles it.
  await tabs.getByRole('link', { name: 'Functions' }).click();
  await openDialog(page, 'Upload release');
  const upload = page.getByRole('dialog');
  const folderMode = upload.getByRole('radio', { name: /Task folder/ });
  await folderMode.click();
  await expect(folderMode).toHaveAttribute('aria-checked', 'true');
  await upload.getByLabel('Task folder').setInputFiles(path.resolve('examples/tasks/balance-threshold'));
  await expect(upload.getByLabel('Name')).toHaveValue('balance-threshold');
  await expect(folderMode).toHaveAttribute('aria-checked', 'true');
  await shot(page, '62-upload-task-folder');
  await upload.getByRole('button', { name: 'Upload release' }).click();
  await expect(page.getByText('Uploaded balance-threshold@v1')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'balance-threshold' })).toBeVisible();
});
