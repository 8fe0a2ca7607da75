// Latency in the console: an executable with runs of known times shows p50/p95 trigger → confirmed and the
// schedule adherence for 24 h and 7 days, and its recent runs on a timeline and in a table; the project
// overview shows the same figures per executable.
import { expect, test } from '@playwright/test';
import { createProject, rpcUrl, signIn, workspaceSlugOf } from './support/console';
import { seedExecutableWithRuns } from './support/latency';
import { shotAtDesktopSizes } from './support/shots';
import { installWallet } from './support/wallet';

const S = 1000;
const HOUR = 3600 * S;

test('the executable page and the project overview show latency figures and the recent runs', async ({
  page,
}) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  await createProject(page, 'Latency Desk');
  const projectUrl = page.url();
  const slug = workspaceSlugOf(projectUrl);
  const projectId = new URL(projectUrl).pathname.split('/')[3];

  const executableId = await seedExecutableWithRuns(slug, projectId, 'Price keeper', [
    { ago: 2 * HOUR, lag: 1 * S, total: 2 * S, status: 'confirmed' }, // on time
    { ago: 1 * HOUR, lag: 8 * S, total: 4 * S + 8 * S, status: 'confirmed' }, // 8 s late
    { ago: 3 * 24 * HOUR, lag: 0, total: 10 * S, status: 'confirmed' }, // 7-day window only
    { ago: 30 * 60 * S, lag: 100, total: 500, status: 'failed', trigger: 'manual' },
  ]);
  const idle = await seedExecutableWithRuns(slug, projectId, 'Idle keeper', []);

  await page.goto(`${projectUrl}/executables/${executableId}`);
  // 24 h: confirmed totals 2 s and 12 s; scheduled runs 1 s and 8 s late
  await expect(page.getByTestId('latency-24h-confirmed')).toHaveText('7.0 s / 11.5 s');
  await expect(page.getByTestId('latency-24h-confirmed-count')).toContainText('2 confirmed runs');
  await expect(page.getByTestId('latency-24h-adherence')).toHaveText('50.0 %');
  await expect(page.getByTestId('latency-24h-adherence-count')).toHaveText('1 of 2 on time');
  // 7 d: confirmed totals 2 s, 10 s, 12 s; scheduled runs 0, 1 and 8 s late
  await expect(page.getByTestId('latency-7d-confirmed')).toHaveText('10.0 s / 11.8 s');
  await expect(page.getByTestId('latency-7d-adherence')).toHaveText('66.6 %');
  await expect(page.getByTestId('latency-7d-adherence-count')).toHaveText('2 of 3 on time');

  const marks = page.getByTestId('run-timeline').getByTestId('timeline-mark');
  await expect(marks).toHaveCount(4);
  await expect(marks.first()).toHaveAttribute('data-status', 'failed');
  const rows = page.getByTestId('run-timeline-table').getByTestId('timeline-row');
  await expect(rows).toHaveCount(4);
  // newest first: the manual run (failed), then the scheduled run that started 8 s late
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'failed');
  await expect(rows.nth(1).getByTestId('timeline-lag')).toHaveText('8.0 s');
  await expect(rows.nth(1)).toContainText('(late)');
  await shotAtDesktopSizes(page, 'latency-executable');

  await page.goto(`${projectUrl}/executables/${idle}`);
  await expect(page.getByTestId('latency-24h-confirmed')).toHaveText('—');
  await expect(page.getByTestId('latency-7d-adherence')).toHaveText('—');
  await expect(page.getByTestId('run-timeline-empty')).toBeVisible();

  await page.goto(projectUrl);
  const row = page.locator(`[data-testid="project-latency-row"][data-executable="${executableId}"]`);
  await expect(row.getByTestId('confirmed-24h')).toContainText('7.0 s / 11.5 s');
  await expect(row.getByTestId('adherence-7d')).toContainText('66.6 %');
  await expect(row.getByTestId('adherence-7d')).toContainText('2 of 3 on time');
  const idleRow = page.locator(`[data-testid="project-latency-row"][data-executable="${idle}"]`);
  await expect(idleRow.getByTestId('confirmed-7d')).toContainText('—');
  await shotAtDesktopSizes(page, 'latency-project');
});
