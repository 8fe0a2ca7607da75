// Console fit and finish: every console page, with real data, at two desktop sizes and on a phone. Nothing may
// run past the right edge (no horizontal scroll of the document or of the main column, no table that needs a
// scroll bar), and no page may ask for a resource that is not there (the favicon's 404 in every tab). On the
// phone the navigation opens from a menu button, and the signing page fits before and after it is executed.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import {
  createProject,
  openDialog,
  openExecutableTab,
  rpcUrl,
  signIn,
  workspaceSlugOf,
} from './support/console';
import { measureOverflow } from './support/overflow';
import { createFundedProfile } from './support/profiles';
import { releaseZip, uploadRelease } from './support/releases';
import { deploySafe, fundAccount } from './support/safe';
import { createSafeProfile } from './support/safe-wizard';
import { DESKTOP_SIZES, PHONE_SIZE, shot } from './support/shots';
import { connectWallet, installWallet } from './support/wallet';

const TARGET = '0x000000000000000000000000000000000000dEaD';
// The first real run sends one call; later ones fail with a long message (a dry run does not count).
const TASK = `export default {
  __tickworkTask: 1,
  run: async ({ storage, log }) => {
    const runs = ((await storage.get('runs')) ?? 0) + 1;
    await storage.set('runs', runs);
    log.info(\`checking the treasury split before rebalancing (run \${runs})\`);
    if (runs > 1) throw new Error('the price feed answered 503 Service Unavailable twice; the rebalance waits for the next tick');
    return { canExec: true, calls: [{ to: '${TARGET}', data: '0x', value: '0' }] };
  },
};
`;
const PERMISSIONS = JSON.stringify({ calls: [{ to: TARGET, functions: ['0x00000000'] }] }, null, 2);

/**
 * A console page: the route file it renders (`app/(console)` + route + `/page.tsx`) and a URL of it; `enter`
 * brings it to a state of its own first (a wizard's later step).
 */
type Visit = { name: string; route: string; url: string; enter?: (page: Page) => Promise<void> };
type Size = { width: number; height: number };

/** On the Safe wizard's first step: reads an existing Safe (again until hydration let the form work). */
async function readSafe(page: Page, safe: string) {
  await expect(async () => {
    await page.getByLabel('Safe address', { exact: true }).fill(safe);
    await page.getByRole('button', { name: 'Read Safe' }).click({ timeout: 2_000 });
    await expect(page.getByTestId('safe-summary')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Every route under app/(console), as `/[workspace]/projects/[projectId]` (the folder of each page.tsx). */
function consoleRoutes(dir = path.join('app', '(console)'), prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === 'page.tsx' ? [prefix] : [];
    if (!entry.isDirectory() || entry.name.startsWith('_')) return [];
    return consoleRoutes(path.join(dir, entry.name), `${prefix}/${entry.name}`);
  });
}

/**
 * Signs in as a new person and builds one of everything through the console: a project with a secret, a
 * release with permissions, a funded profile, a Safe profile its owner has not enabled yet (pending, its
 * signing page unsigned), an executable, a dry run (skipped) and a confirmed run.
 */
async function buildWorkspace(
  browser: Browser,
): Promise<{ state: string; visits: Visit[]; walletKey: `0x${string}`; signing: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const walletKey = generatePrivateKey();
  const wallet = await installWallet(page, { rpcUrl: rpcUrl(), privateKey: walletKey });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  const ws = `/${workspaceSlugOf(page.url())}`;

  await createProject(page, 'Treasury Rebalancer');
  const project = new URL(page.url()).pathname;
  await openDialog(page, 'New secret');
  await page.getByRole('dialog').getByLabel('Name').fill('PRICE_API_KEY');
  await page.getByRole('dialog').getByLabel('Value').fill(`sk_test_${crypto.randomUUID()}`);
  await page.getByRole('button', { name: 'Save secret' }).click();
  await expect(page.getByTestId('secret-row')).toContainText('PRICE_API_KEY');

  const tabs = page.getByRole('navigation', { name: 'Project' });
  await tabs.getByRole('link', { name: 'Functions' }).click();
  await openDialog(page, 'Upload release');
  await uploadRelease(page, releaseZip(TASK, { 'permissions.json': PERMISSIONS }), {
    fileName: 'treasury-rebalancer.zip',
    schema:
      '{ "type": "object", "required": ["threshold"], "properties": { "threshold": { "type": "number" } } }',
  });
  await expect(page.getByText('Uploaded treasury-rebalancer@v1')).toBeVisible();
  const release = await page
    .getByRole('link', { name: 'View source of treasury-rebalancer@v1' })
    .getAttribute('href');

  await tabs.getByRole('link', { name: 'Profiles' }).click();
  await createFundedProfile(page, 'Treasury hot wallet');
  // A Safe to walk the Zodiac Roles wizard with, up to its Calls to allow step.
  const safe = await deploySafe([wallet.address], 1);
  // A Safe profile left pending: its row's next step is Enable Tickwork; its owner (who pays the gas) signs and
  // executes it on the phone, last.
  await fundAccount(wallet.address);
  await page.goto(`${project}/profiles/new-safe`);
  await readSafe(page, await deploySafe([wallet.address], 1));
  await page.getByRole('button', { name: 'Continue' }).click();
  await createSafeProfile(page, 'Treasury Safe', 'layout-safe-wizard');
  const signing = (await page.getByTestId('safe-signing-link').getAttribute('href')) ?? '';

  // a notification channel whose test failed (the stack has no SMTP server), so its deliveries show an attempt
  await page.goto(`${project}/notifications`);
  await openDialog(page, 'New channel');
  await page.getByLabel('Kind').selectOption('email');
  await page.getByLabel('Name').fill('On-call email');
  await page.getByLabel('Recipients').fill('oncall@example.com, ops@example.com');
  await page.getByRole('button', { name: 'Create channel' }).click();
  const channelRow = page.getByTestId('channel-row').filter({ hasText: 'On-call email' });
  await channelRow.getByRole('button', { name: 'Send a test to On-call email' }).click();
  await expect(page.getByText('Test queued for On-call email')).toBeVisible();
  await channelRow.getByRole('link', { name: 'Deliveries' }).click();
  await expect(page.getByTestId('delivery-attempt').first()).toBeVisible({ timeout: 30_000 });
  const channel = new URL(page.url()).pathname;

  // the project default "execution failed" notifies it: the failing run below opens an incident whose
  // notification and its attempts show on the Alerts tab and the executable page
  await page.goto(`${project}/alerts`);
  const failedRule = page.getByTestId('alert-rules').locator('tr[data-kind="execution_failed"]');
  await openDialog(page, failedRule.getByRole('button', { name: 'Set up' }));
  await page.getByRole('dialog').getByLabel('On-call email').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(failedRule).toContainText('On-call email');

  await tabs.getByRole('link', { name: 'Executables' }).click();
  await openDialog(page, 'New executable');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Rebalance treasury to 60/40 ETH/USDC');
  await dialog.getByLabel('Trigger').selectOption('interval');
  await dialog.getByLabel('Every (seconds)').fill('3600');
  // The schema requires an arg the form starts without: said at its field on submit, not before anything is typed.
  const threshold = dialog.getByRole('textbox', { name: 'threshold', exact: true });
  await expect(threshold).toHaveAccessibleDescription('');
  await dialog.getByRole('button', { name: 'Create executable' }).click();
  await expect(threshold).toHaveAccessibleDescription('Required');
  await threshold.fill('2');
  await expect(threshold).toHaveAccessibleDescription('');
  await dialog.getByRole('button', { name: 'Create executable' }).click();
  await expect(page).toHaveURL(new RegExp(`${project}/executables/[^/]+$`));
  await expect(page.getByTestId('executable-state')).toHaveText('active', { timeout: 90_000 });
  const executable = new URL(page.url()).pathname;
  // The Details card and the schedule preview tell the same next run (the interval's phase is the stored one).
  await openExecutableTab(page, 'Settings');
  const nextRun = (await page.getByTestId('executable-next-run').textContent()) ?? '';
  await expect(page.getByTestId('next-run').first()).toHaveText(nextRun);
  await openExecutableTab(page, 'Runs & health');

  const rows = page.getByTestId('execution-row');
  await page.getByRole('button', { name: 'Simulate' }).click();
  await expect(rows.first().getByTestId('execution-status')).toHaveText('simulated', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId('execution-status')).toHaveText('confirmed', { timeout: 90_000 });
  const execution = await rows.first().getByTestId('execution-link').getAttribute('href');
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByTestId('execution-status')).toHaveText('failed', { timeout: 30_000 });
  const incidentAttempt = page.getByTestId('incident-notification').getByTestId('delivery-attempt');
  await expect(async () => {
    await page.reload();
    await expect(incidentAttempt.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  // a teammate invited by address, so the members page shows its pending invitation too
  await page.goto(`${ws}/settings/members`);
  await openDialog(page, 'Invite member');
  await page.getByLabel('Wallet address or ENS name').fill(TARGET);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('invitation-row')).toHaveCount(1);

  const state = JSON.stringify(await context.storageState());
  await context.close();
  const p = '/[workspace]/projects/[projectId]';
  return {
    state,
    walletKey,
    signing,
    visits: [
      {
        name: 'workspace overview',
        route: '/[workspace]',
        url: ws,
        // it redirects to the project list, sometimes on the client after the first paint: measure that page
        enter: (page) => page.waitForURL(`**${ws}/projects`),
      },
      { name: 'projects', route: '/[workspace]/projects', url: `${ws}/projects` },
      { name: 'project overview', route: p, url: project },
      { name: 'functions', route: `${p}/functions`, url: `${project}/functions` },
      { name: 'function', route: `${p}/functions/[functionId]`, url: release ?? '' },
      {
        name: 'profiles',
        route: `${p}/profiles`,
        url: `${project}/profiles`,
        enter: (page) =>
          expect(page.getByRole('link', { name: 'Enable Tickwork for Treasury Safe' })).toBeVisible(),
      },
      { name: 'new Safe profile', route: `${p}/profiles/new-safe`, url: `${project}/profiles/new-safe` },
      {
        name: 'new Zodiac Roles profile, calls to allow',
        route: `${p}/profiles/new-safe`,
        url: `${project}/profiles/new-safe?access=roles`,
        enter: async (page) => {
          await readSafe(page, safe);
          await page.getByRole('button', { name: 'Continue' }).click();
          await page.getByLabel('Pre-fill from a release').selectOption({ label: 'treasury-rebalancer@v1' });
          await expect(page.getByTestId('role-preview-call')).toHaveCount(1);
        },
      },
      { name: 'executables', route: `${p}/executables`, url: `${project}/executables` },
      { name: 'executable', route: `${p}/executables/[executableId]`, url: executable },
      ...(['settings', 'storage', 'alerts'] as const).map((tab) => ({
        name: `executable (${tab})`,
        route: `${p}/executables/[executableId]`,
        url: `${executable}?tab=${tab}`,
      })),
      { name: 'executions', route: `${p}/executions`, url: `${project}/executions` },
      {
        name: 'executions (filtered)',
        route: `${p}/executions`,
        url: `${project}/executions?status=skipped`,
      },
      { name: 'execution', route: `${p}/executions/[executionId]`, url: execution ?? '' },
      { name: 'alerts', route: `${p}/alerts`, url: `${project}/alerts` },
      { name: 'notifications', route: `${p}/notifications`, url: `${project}/notifications` },
      { name: 'channel deliveries', route: `${p}/notifications/[channelId]`, url: channel },
      { name: 'API keys', route: '/[workspace]/api-keys', url: `${ws}/api-keys` },
      { name: 'usage', route: '/[workspace]/usage', url: `${ws}/usage` },
      { name: 'chains', route: '/[workspace]/chains', url: `${ws}/chains` },
      { name: 'RPC keys', route: '/[workspace]/rpc-keys', url: `${ws}/rpc-keys` },
      { name: 'API reference', route: '/[workspace]/api-reference', url: `${ws}/api-reference` },
      { name: 'settings', route: '/[workspace]/settings', url: `${ws}/settings` },
      { name: 'members', route: '/[workspace]/settings/members', url: `${ws}/settings/members` },
      { name: 'plan', route: '/[workspace]/settings/plan', url: `${ws}/settings/plan` },
      { name: 'audit log', route: '/[workspace]/settings/audit-log', url: `${ws}/settings/audit-log` },
    ],
  };
}

/** Every 404 the page asked for, and every console error that names one. */
function watchMissing(page: Page) {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(`404 ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /404|Failed to load resource/.test(message.text()))
      missing.push(`console: ${message.text()} (${message.location().url})`);
  });
  return missing;
}

let workspace: Awaited<ReturnType<typeof buildWorkspace>>;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  workspace = await buildWorkspace(browser);
});

test('the walk covers every console page', () => {
  const walked = new Set(workspace.visits.map((v) => v.route));
  expect(consoleRoutes().sort()).toEqual([...walked].sort());
  for (const visit of workspace.visits) expect(visit.url, visit.name).toMatch(/^\//);
});

/**
 * Nothing of the page runs past the right edge at `size` (soft: the walk goes on); then its shot. At desktop
 * sizes no table may need a scroll bar (a column cut off); on a phone a wide table scrolls inside its card.
 */
async function expectFits(page: Page, name: string, size: Size) {
  await page.evaluate(() => document.fonts.ready);
  const m = await page.evaluate(measureOverflow);
  const where = `${name} at ${size.width}×${size.height}: ${m.culprits.join(', ') || 'no element past the edge'}`;
  expect
    .soft(m.document.scrollWidth, `document overflows on ${where}`)
    .toBeLessThanOrEqual(m.document.clientWidth);
  expect.soft(m.main, `no <main> on ${name}`).not.toBeNull();
  if (m.main)
    expect
      .soft(m.main.scrollWidth, `main column overflows on ${where}`)
      .toBeLessThanOrEqual(m.main.clientWidth);
  if (size.width >= DESKTOP_SIZES[0].width)
    expect.soft(m.tables, `tables that scroll sideways on ${name} at ${size.width}`).toEqual([]);
  await shot(page, `layout-${size.width}-${name.replace(/\W+/g, '-')}`);
}

/**
 * Every console page, measured at each of `sizes` in turn (the first is the viewport it loads at): it fits, and
 * names an icon that is there.
 */
async function walkConsole(page: Page, sizes: Size[]) {
  for (const visit of workspace.visits) {
    await test.step(`${visit.name} (${visit.url})`, async () => {
      if (sizes.length > 1) await page.setViewportSize(sizes[0]); // back from the last page's last size
      await page.goto(visit.url);
      await page.waitForLoadState('networkidle');
      await visit.enter?.(page);
      await expect(page.locator('main')).toBeVisible();
      const icons = await page
        .locator('head link[rel~="icon"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
      expect.soft(icons, `${visit.name} names an icon`).not.toEqual([]);
      for (const href of icons) expect.soft((await page.request.get(href)).status(), href).toBe(200);
      for (const size of sizes) {
        if (size !== sizes[0]) {
          await page.setViewportSize(size);
          // two frames: what reacts to the resize (media queries, resize observers) has laid out again
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          );
        }
        await expectFits(page, visit.name, size);
      }
    });
  }
}

const desktopSizes = DESKTOP_SIZES.map((size) => `${size.width}×${size.height}`).join(', ');
// One walk for the desktop sizes: each page loads once and is measured at every size (a resize, not a reload).
test(`every console page fits ${desktopSizes} and finds all its resources`, async ({ browser }) => {
  // the walk visits every console page: a budget for a loaded machine, not a speed target
  test.setTimeout(360_000);
  const context = await browser.newContext({
    storageState: JSON.parse(workspace.state),
    viewport: DESKTOP_SIZES[0],
  });
  const page = await context.newPage();
  const missing = watchMissing(page);
  await walkConsole(page, DESKTOP_SIZES);
  // Chromium asks for /favicon.ico only where a page names no icon: the 404s of the whole walk.
  expect(missing, 'resources answered 404').toEqual([]);
  await context.close();
});

// Last: its owner executes the pending Safe profile's transaction.
test(`every console page and the signing page fit a ${PHONE_SIZE.width}×${PHONE_SIZE.height} phone, which navigates from a menu`, async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const context = await browser.newContext({
    storageState: JSON.parse(workspace.state),
    viewport: PHONE_SIZE,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await installWallet(page, { rpcUrl: rpcUrl(), privateKey: workspace.walletKey });
  const missing = watchMissing(page);

  await test.step('the menu button opens the navigation', async () => {
    await page.goto(workspace.visits[1].url);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('navigation', { name: 'Workspace', exact: true })).toBeHidden();
    await expect(async () => {
      await page.getByRole('button', { name: 'Open navigation' }).click({ timeout: 2_000 });
      await expect(page.getByRole('navigation', { name: 'Workspace', exact: true })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await shot(page, `layout-${PHONE_SIZE.width}-navigation-menu`, { fullPage: false });
    await page
      .getByRole('navigation', { name: 'Workspace', exact: true })
      .getByRole('link', { name: 'Usage' })
      .click();
    await expect(page).toHaveURL(/\/usage$/);
    await expect(page.getByRole('navigation', { name: 'Workspace', exact: true })).toBeHidden();
  });
  await walkConsole(page, [PHONE_SIZE]);

  await test.step(`signing page (${workspace.signing})`, async () => {
    await page.goto(workspace.signing);
    await page.waitForLoadState('networkidle');
    await connectWallet(page);
    await expectFits(page, 'signing page', PHONE_SIZE);
    await page.getByRole('button', { name: 'Sign and execute' }).click();
    await expect(page.getByTestId('safe-tx-executed')).toBeVisible({ timeout: 30_000 });
    await expectFits(page, 'signing page, executed', PHONE_SIZE);
  });
  expect(missing, 'resources answered 404').toEqual([]);
  await context.close();
});
