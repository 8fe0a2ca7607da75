// Alert rules in the console: a project default set up on the project's Alerts tab, then switched off for one
// executable from its page (which then shows its own rule and the incidents card).
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createDb } from '@/db/client';
import { newId } from '@/lib/ids';
import { createProject, rpcUrl, signIn } from './support/console';
import { installWallet } from './support/wallet';

/** An active executable (blob → release → profile → executable rows) in the project, written on the test database. */
async function seedExecutable(projectId: string) {
  const db = createDb(process.env.TEST_DATABASE_URL as string, 1);
  try {
    const [{ workspace_id: ws }] = await db.$sql`select workspace_id from projects where id = ${projectId}`;
    const sha = randomBytes(32).toString('hex');
    const ids = {
      blob: newId('blob'),
      fn: newId('functionRelease'),
      prf: newId('profile'),
      exe: newId('executable'),
    };
    await db.$sql`insert into blobs (id, sha256, size) values (${ids.blob}, ${sha}, 22)`;
    await db.$sql`insert into function_releases (id, workspace_id, project_id, name, version_tag, checksum, blob_id)
                  values (${ids.fn}, ${ws}, ${projectId}, 'watched-task', 'v1', ${sha}, ${ids.blob})`;
    await db.$sql`insert into profiles (id, workspace_id, project_id, kind, state, name, chain_id, address)
                  values (${ids.prf}, ${ws}, ${projectId}, 'legacy', 'active', 'ops', 31337, ${`0x${randomBytes(20).toString('hex')}`})`;
    await db.$sql`insert into executables (id, workspace_id, project_id, function_id, profile_id, name, state, trigger, sandbox_ref)
                  values (${ids.exe}, ${ws}, ${projectId}, ${ids.fn}, ${ids.prf}, 'watched', 'paused',
                          ${JSON.stringify({ type: 'interval', intervalMs: 3_600_000 })}::jsonb, ${`isolate:${sha}`})`;
    return ids.exe;
  } finally {
    await db.$sql.end({ timeout: 5 });
  }
}

test('a project default alert, switched off for one executable', async ({ page }) => {
  await installWallet(page, { rpcUrl: rpcUrl() });
  await page.goto('/');
  await signIn(page);
  await createProject(page, `Alerted ${crypto.randomUUID().slice(0, 8)}`);
  const projectUrl = page.url();
  const projectId = new URL(projectUrl).pathname.split('/')[3];

  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Alerts' }).click();
  const rules = page.getByTestId('alert-rules');
  const row = rules.locator('tr[data-kind="consecutive_failures"]');
  await expect(row).toContainText('Off');
  await expect(async () => {
    await row.getByRole('button', { name: 'Set up' }).click({ timeout: 2_000 });
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('dialog').getByLabel('Failures in a row').fill('4');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('On');
  await expect(row).toContainText('count 4');
  await expect(page.getByTestId('alert-incidents')).toContainText('No incidents');

  const exeId = await seedExecutable(projectId);
  await page.goto(`${projectUrl}/executables/${exeId}`);
  const exeRow = page.getByTestId('alert-rules').locator('tr[data-kind="consecutive_failures"]');
  await expect(exeRow).toContainText('project default');
  await exeRow.getByRole('button', { name: 'Disable' }).click();
  await expect(exeRow).toContainText('Disabled');
  await expect(exeRow).not.toContainText('project default');
  await expect(page.getByTestId('alert-incidents')).toContainText('No incidents');

  // the default is unchanged
  await page.goto(`${projectUrl}/alerts`);
  await expect(page.getByTestId('alert-rules').locator('tr[data-kind="consecutive_failures"]')).toContainText(
    'On',
  );
});
