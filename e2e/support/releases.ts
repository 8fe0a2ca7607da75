import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';

/** A release ZIP the way `tickwork bundle` lays it out: `index.js` plus any other files (permissions.json…). */
export function releaseZip(indexJs: string, files: Record<string, string> = {}) {
  const entries = Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]));
  const bytes = zipSync({ 'index.js': strToU8(indexJs), ...entries });
  const buffer = Buffer.from(bytes);
  return { buffer, checksum: createHash('sha256').update(buffer).digest('hex') };
}

/** Lets the dialog's open animation finish, so a screenshot shows it as people see it. */
export const settled = (page: Page) =>
  page.getByRole('dialog').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));

/**
 * Fills the open upload dialog (the ZIP, checked against Node's checksum, and an optional args schema) and
 * submits it.
 */
export async function uploadRelease(
  page: Page,
  zip: ReturnType<typeof releaseZip>,
  opts: { schema?: string; fileName?: string } = {},
) {
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Release ZIP')
    .setInputFiles({ name: opts.fileName ?? 'keeper.zip', mimeType: 'application/zip', buffer: zip.buffer });
  await expect(page.getByTestId('release-checksum')).toContainText(zip.checksum.slice(0, 16));
  if (opts.schema) await dialog.getByLabel('Args schema').fill(opts.schema);
  await dialog.getByRole('button', { name: 'Upload release' }).click();
}
