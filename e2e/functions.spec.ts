// Function releases in the console: upload ZIPs (checksum in the browser), version tags, source, copy, delete.
import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { createProject, openDialog, rpcUrl, signIn, workspaceSlugOf } from './support/console';
import { settled } from './support/releases';
import { shot } from './support/shots';
import { installWallet } from './support/wallet';

const TASK = 'export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };\n';
const PERMISSIONS = {
  calls: [{ to: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', functions: ['transfer(address,uint256)'] }],
};

/** A release ZIP the way `tickwork bundle` lays it out, plus any extra files. */
function releaseZip(indexJs: string, extra: Record<string, Uint8Array> = {}) {
  const bytes = zipSync({
    'index.js': strToU8(indexJs),
    'permissions.json': strToU8(`${JSON.stringify(PERMISSIONS, null, 2)}\n`),
    ...extra,
  });
  const buffer = Buffer.from(bytes);
  return { buffer, checksum: createHash('sha256').update(buffer).digest('hex') };
}

async function chooseZip(page: Page, name: string, zip: { buffer: Buffer; checksum: string }) {
  await page
    .getByLabel('Release ZIP')
    .setInputFiles({ name, mimeType: 'application/zip', buffer: zip.buffer });
  // The browser hashes the file itself (crypto.subtle); it must agree with Node.
  await expect(page.getByTestId('release-checksum')).toContainText(zip.checksum.slice(0, 16));
}

test('upload releases, suggested tags, view source, copy to another project, delete a version', async ({
  page,
}) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  const slug = workspaceSlugOf(page.url());

  // Two projects: the second is where the functions live, the first is the copy target.
  await createProject(page, 'Treasury Ops');
  await page.goto(`/${slug}/projects`);
  await createProject(page, 'Price Feeds');
  const projectUrl = page.url();

  const tabs = page.getByRole('navigation', { name: 'Project' });
  await tabs.getByRole('link', { name: 'Functions' }).click();
  await expect(page).toHaveURL(`${projectUrl}/functions`);
  await expect(page.getByText('No functions yet')).toBeVisible();
  await shot(page, '20-functions-empty');

  // v1: the name comes from the file name, a new name defaults to v1, the args schema is optional JSON.
  const first = releaseZip(TASK);
  await openDialog(page, 'Upload release');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Drop a release ZIP here')).toBeVisible();
  await settled(page);
  await shot(page, '21-upload-drop-zone');
  // Dropping something that is not a ZIP is caught in the browser.
  const notZip = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['just notes'], 'notes.txt', { type: 'text/plain' }));
    return dt;
  });
  await dialog.getByTestId('release-drop-zone').dispatchEvent('drop', { dataTransfer: notZip });
  await expect(dialog.getByText('Not a ZIP archive.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload release' })).toBeDisabled();
  await chooseZip(page, 'price-watcher.zip', first);
  await expect(dialog.getByLabel('Name')).toHaveValue('price-watcher');
  await expect(dialog.getByLabel('Version tag')).toHaveValue('v1');
  await expect(dialog.getByTestId('release-tag-status')).toContainText('New function');
  await dialog.getByLabel('Args schema').fill('{ "type": "object", ');
  await dialog.getByLabel('Version tag').click(); // blur: the schema is checked as JSON in the browser
  await expect(dialog.getByText(/^Not valid JSON/)).toBeVisible();
  await dialog
    .getByLabel('Args schema')
    .fill('{ "type": "object", "properties": { "threshold": { "type": "number" } } }');
  await shot(page, '21b-upload-dialog');
  await dialog.getByRole('button', { name: 'Upload release' }).click();
  await expect(page.getByText('Uploaded price-watcher@v1')).toBeVisible();

  const group = page.getByTestId('function-group').filter({ hasText: 'price-watcher' });
  const row = (tag: string) => group.locator(`[data-testid="release-row"][data-tag="${tag}"]`);
  await expect(row('v1')).toContainText(first.checksum.slice(0, 12));
  await expect(row('v1')).toContainText('1 contract · 1 function');
  await expect(row('v1')).toContainText('JSON Schema');

  // v2: other code under the same name. The suggested tag is prefilled; taking a used tag is a 409 whose
  // suggested tag is one click away.
  const second = releaseZip(TASK.replace('canExec: false', "canExec: false, message: 'quiet'"), {
    'assets/logo.bin': new Uint8Array([0xff, 0xfe, 0x00, 0x81]),
  });
  await group.getByRole('button', { name: 'New version of price-watcher' }).click();
  await chooseZip(page, 'build-output.zip', second);
  await expect(dialog.getByLabel('Name')).toHaveValue('price-watcher');
  await expect(dialog.getByLabel('Version tag')).toHaveValue('v2');
  await expect(dialog.getByTestId('release-tag-status')).toContainText('Reserved:');
  await expect(dialog.getByTestId('release-tag-status')).toContainText('v1');
  await settled(page);
  await shot(page, '22-upload-new-version');
  await dialog.getByLabel('Version tag').fill('v1');
  await dialog.getByRole('button', { name: 'Upload release' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Version tag already used');
  await expect(dialog.getByRole('alert')).toContainText('price-watcher@v1 already holds different code');
  await settled(page);
  await shot(page, '23-upload-conflict');
  await dialog.getByRole('button', { name: 'Upload as v2' }).click();
  await expect(page.getByText('Uploaded price-watcher@v2')).toBeVisible();
  await expect(group.getByTestId('release-row')).toHaveCount(2);
  await expect(group.getByTestId('release-row').first()).toHaveAttribute('data-tag', 'v2');
  await expect(row('v2')).toContainText(second.checksum.slice(0, 12));
  await expect(row('v2')).toContainText('JSON Schema'); // none given: v1's args schema carries over
  await shot(page, '24-functions-list');

  // The source of v2: index.js by default, other files as tabs, binary files by size.
  await group.getByRole('link', { name: 'View source of price-watcher@v2' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'price-watcher@v2' })).toBeVisible();
  await expect(page.getByTestId('source-viewer')).toContainText("message: 'quiet'");
  await expect(page.getByTestId('source-viewer')).toContainText('__tickworkTask: 1');
  await expect(page.getByText(second.checksum)).toBeVisible();
  await expect(page.getByText('transfer(address,uint256)')).toBeVisible();
  await shot(page, '25-source');
  const files = page.getByRole('navigation', { name: 'Files' });
  await files.getByRole('link', { name: 'permissions.json' }).click();
  await expect(page.getByTestId('source-viewer')).toContainText('0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0');
  await files.getByRole('link', { name: 'assets/logo.bin' }).click();
  await expect(page.getByTestId('source-viewer')).toContainText('binary, 4 bytes');
  await page.getByRole('link', { name: 'Functions', exact: true }).first().click();
  await expect(page).toHaveURL(`${projectUrl}/functions`);

  // Copy v2 into the other project: a new name there starts at v1 (201)…
  await row('v2').getByRole('button', { name: 'Copy price-watcher@v2' }).click();
  await expect(dialog.getByLabel('Target project')).toHaveValue(/.+/);
  await expect(dialog.getByTestId('copy-tag-status')).toContainText('is new there');
  await settled(page);
  await shot(page, '26-copy-dialog');
  await dialog.getByRole('button', { name: 'Copy release' }).click();
  await expect(dialog.getByTestId('copy-outcome')).toContainText('Copied.');
  await expect(dialog.getByTestId('copy-outcome')).toContainText('Treasury Ops now holds price-watcher@v1');
  await settled(page);
  await shot(page, '27-copy-created');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // …and the same copy again under that tag finds the identical release (200): nothing is created.
  await row('v2').getByRole('button', { name: 'Copy price-watcher@v2' }).click();
  await expect(dialog.getByTestId('copy-tag-status')).toContainText('exists there');
  await dialog.getByLabel('Version tag').fill('v1');
  await dialog.getByRole('button', { name: 'Copy release' }).click();
  await expect(dialog.getByTestId('copy-outcome')).toContainText('Already exists.');
  await settled(page);
  await shot(page, '28-copy-exists');
  await dialog.getByRole('link', { name: 'Open Treasury Ops' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Treasury Ops' })).toBeVisible();
  const copied = page.getByTestId('function-group').filter({ hasText: 'price-watcher' });
  await expect(copied.locator('[data-testid="release-row"][data-tag="v1"]')).toContainText(
    second.checksum.slice(0, 12),
  );
  await page.goBack();
  await expect(page).toHaveURL(`${projectUrl}/functions`);

  // Three releases created: the Free plan's uploads for this cycle are used up, as the page says before a try.
  await expect(page.getByTestId('uploads-left')).toHaveText(
    'No uploads left this cycle on the Free plan · Upgrade',
  );
  await group.getByRole('button', { name: 'New version of price-watcher' }).click();
  await chooseZip(page, 'price-watcher.zip', releaseZip(`${TASK}// v3\n`));
  await expect(dialog.getByLabel('Version tag')).toHaveValue('v3');
  await dialog.getByRole('button', { name: 'Upload release' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Upload limit reached');
  await expect(dialog.getByRole('alert')).toContainText('3 function uploads per cycle');
  await expect(dialog.getByRole('alert').getByRole('link', { name: 'upgrade' })).toHaveAttribute(
    'href',
    /\/settings\/plan$/,
  );
  await settled(page);
  await shot(page, '29-plan-limit');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Deleting v1 hides it; its tag stays reserved.
  await row('v1').getByRole('button', { name: 'Delete price-watcher@v1' }).click();
  await expect(dialog).toContainText('stays reserved');
  await settled(page);
  await shot(page, '30-delete-dialog');
  await dialog.getByRole('button', { name: 'Delete release' }).click();
  await expect(page.getByText('price-watcher@v1 deleted')).toBeVisible();
  await expect(group.getByTestId('release-row')).toHaveCount(1);
  await expect(row('v1')).toHaveCount(0);
  await group.getByRole('button', { name: 'New version of price-watcher' }).click();
  await expect(dialog.getByTestId('release-tag-status')).toContainText('v1');
  await expect(dialog.getByLabel('Version tag')).toHaveValue('v3');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await shot(page, '31-functions-after-delete');
});
