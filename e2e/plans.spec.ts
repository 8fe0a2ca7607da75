// Plans enforced in the console: a Free workspace at 80 % and at 100 % of its compute units sees the warning on
// the Usage page and above its projects; the Usage page shows RPC requests and gas credits.
import { expect, test } from '@playwright/test';
import { createDb } from '@/db/client';
import { createProject, rpcUrl, signIn, workspaceSlugOf } from './support/console';
import { shot } from './support/shots';
import { installWallet } from './support/wallet';

async function setUsedToday(slug: string, computeUnits: number) {
  const db = createDb(process.env.TEST_DATABASE_URL as string, 1);
  try {
    await db.$sql`
      insert into usage_daily (workspace_id, day, compute_units, executions, rpc_requests)
      select id, (now() at time zone 'utc')::date, ${computeUnits}, 1, 0 from workspaces where slug = ${slug}
      on conflict (workspace_id, day) do update set compute_units = excluded.compute_units`;
  } finally {
    await db.$sql.end({ timeout: 5 });
  }
}

test('compute-units warnings at 80 % and 100 % on Free', async ({ page }) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/[^/]+\/projects$/);
  const slug = workspaceSlugOf(page.url());

  await page.goto(`/${slug}/usage`);
  await expect(page.getByTestId('usage-rpc')).toContainText('0 free (0 per execution)');
  await expect(page.getByText('Gas credits')).toBeVisible();
  await expect(page.getByTestId('compute-units-alert')).toHaveCount(0);

  await setUsedToday(slug, 48_000);
  await page.reload();
  await expect(page.getByText("80 % of the Free plan's 60,000 compute units used this cycle")).toBeVisible();
  await expect(page.getByTestId('compute-units-alert')).toContainText('At 100 % new runs are refused');

  await setUsedToday(slug, 60_000);
  await page.reload();
  await expect(page.getByText("100 % of the Free plan's 60,000 compute units used this cycle")).toBeVisible();
  await expect(page.getByTestId('compute-units-alert')).toContainText('New runs are refused');
  await shot(page, 'plans-01-usage-exhausted');
  await page.goto(`/${slug}/projects`);
  await expect(page.getByTestId('compute-units-alert')).toContainText('See usage');
  await shot(page, 'plans-02-projects-exhausted');
  await createProject(page, 'Ops');
  await expect(page.getByTestId('compute-units-alert')).toContainText('New runs are refused');
  await shot(page, 'plans-03-project-exhausted');
});
