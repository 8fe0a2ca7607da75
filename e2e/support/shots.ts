import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Full-page screenshots for looking at the UI, only when E2E_SHOTS names a folder (e.g. /tmp/shots). */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: opts.fullPage ?? true });
}
