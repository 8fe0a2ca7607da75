import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { measureOverflow } from './overflow';

/** The desktop sizes every console page must fit, the playwright default (1440×900) last. */
export const DESKTOP_SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
  { width: 1440, height: 900 },
];

/** The phone every console page and the signing page must fit too (an iPhone 14's viewport). */
export const PHONE_SIZE = { width: 390, height: 844 };

/** Full-page screenshots for looking at the UI, only when E2E_SHOTS names a folder (e.g. /tmp/shots). */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: opts.fullPage ?? true });
}

/**
 * The page as it is now at each desktop size: nothing runs past the right edge (document, main column, tables),
 * and a full-page shot `{name}-{width}` is taken. Leaves the page at 1440×900.
 */
export async function shotAtDesktopSizes(page: Page, name: string) {
  for (const size of DESKTOP_SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready);
    const m = await page.evaluate(measureOverflow);
    const where = `${name} at ${size.width}×${size.height}: ${m.culprits.join(', ') || 'no element past the edge'}`;
    expect(m.document.scrollWidth, `document overflows on ${where}`).toBeLessThanOrEqual(
      m.document.clientWidth,
    );
    expect(m.main, `no <main> on ${name}`).not.toBeNull();
    if (m.main)
      expect(m.main.scrollWidth, `main column overflows on ${where}`).toBeLessThanOrEqual(m.main.clientWidth);
    expect(m.tables, `tables that scroll sideways on ${where}`).toEqual([]);
    await shot(page, `${name}-${size.width}`);
  }
}
