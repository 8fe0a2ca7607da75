// Alert rules in the console: a project default set up on the project's Alerts tab, then switched off for one
// executable from its page (which then shows its own rule and the incidents card). And an alert that fires: a
// run that fails opens an execution-failed incident, shown on both pages with its notification to a webhook
// channel (a local receiver) and the delivery attempt (state, response code).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createDb } from '@/db/client';
import { newId } from '@/lib/ids';
import { createProject, openDialog, openExecutableTab, rpcUrl, signIn } from './support/console';
import { installWallet } from './support/wallet';

/**
 * An executable (blob → release → profile → executable rows) in the project, written on the test database; its
 * blob holds no bundle, so a run of it fails.
 */
async function seedExecutable(projectId: string, state: 'paused' | 'active' = 'paused') {
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
                  values (${ids.exe}, ${ws}, ${projectId}, ${ids.fn}, ${ids.prf}, 'watched', ${state},
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
  await openDialog(page, row.getByRole('button', { name: 'Set up' }));
  await page.getByRole('dialog').getByLabel('Failures in a row').fill('4');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('On');
  await expect(row).toContainText('count 4');
  await expect(page.getByTestId('alert-incidents')).toContainText('No incidents');

  const exeId = await seedExecutable(projectId);
  await page.goto(`${projectUrl}/executables/${exeId}`);
  await openExecutableTab(page, 'Alerts & webhooks');
  const exeRow = page.getByTestId('alert-rules').locator('tr[data-kind="consecutive_failures"]');
  await expect(exeRow).toContainText('project default');
  await exeRow.getByRole('button', { name: 'Disable' }).click();
  await expect(exeRow).toContainText('Disabled');
  await expect(exeRow).not.toContainText('project default');
  await openExecutableTab(page, 'Runs & health');
  await expect(page.getByTestId('alert-incidents')).toContainText('No incidents');
  await expect(page.getByTestId('executable-open-incidents')).toHaveText('0 open incidents');

  // the default is unchanged
  await page.goto(`${projectUrl}/alerts`);
  await expect(page.getByTestId('alert-rules').locator('tr[data-kind="consecutive_failures"]')).toContainText(
    'On',
  );
});

test('an alert that fired, with its notification and delivery attempts', async ({ page }) => {
  test.setTimeout(180_000);
  const received: string[] = [];
  const receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(202).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    await installWallet(page, { rpcUrl: rpcUrl() });
    await page.goto('/');
    await signIn(page);
    await createProject(page, `Fired ${crypto.randomUUID().slice(0, 8)}`);
    const projectUrl = page.url();
    const projectId = new URL(projectUrl).pathname.split('/')[3];
    const tabs = page.getByRole('navigation', { name: 'Project' });

    // a webhook channel to the receiver
    await tabs.getByRole('link', { name: 'Notifications' }).click();
    await openDialog(page, 'New channel');
    await page.getByLabel('Kind').selectOption('webhook');
    await page.getByLabel('Name').fill('Pager hook');
    await page.getByLabel('URL').fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
    await page.getByRole('button', { name: 'Create channel' }).click();
    await page.getByRole('button', { name: 'Done' }).click();

    // the project default: execution failed → that channel
    await tabs.getByRole('link', { name: 'Alerts' }).click();
    const row = page.getByTestId('alert-rules').locator('tr[data-kind="execution_failed"]');
    await openDialog(page, row.getByRole('button', { name: 'Set up' }));
    await page.getByRole('dialog').getByLabel('Pager hook').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('Pager hook');

    // a run that fails
    const exeId = await seedExecutable(projectId, 'active');
    await page.goto(`${projectUrl}/executables/${exeId}`);
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByTestId('execution-row').first().getByTestId('execution-status')).toHaveText(
      'failed',
      { timeout: 60_000 },
    );

    // the executable's incidents: the incident, its fired notification delivered on the first attempt
    const incident = page.getByTestId('alert-incidents').getByTestId('incident-row').first();
    const notification = incident.getByTestId('incident-notification');
    await expect(async () => {
      await page.reload();
      await expect(notification).toContainText('delivered', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(incident).toContainText('Executable “watched” failed');
    await expect(incident).toContainText('open');
    // the header says so next to the state badge, and the last run failed
    await expect(page.getByTestId('executable-state')).toHaveText('active');
    await expect(page.getByTestId('executable-open-incidents')).toHaveText('1 open incident');
    await expect(page.getByTestId('executable-health').getByTestId('execution-status')).toHaveText('failed');
    await expect(notification).toContainText('fired');
    await expect(notification).toContainText('Pager hook');
    const attempt = notification.getByTestId('delivery-attempt');
    await expect(attempt).toHaveCount(1);
    await expect(attempt).toContainText('#1');
    await expect(attempt).toContainText('ok');
    await expect(attempt).toContainText('202');
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0])).toMatchObject({ event: 'fired' });

    // the project's overview leads with it: the open incident and the failed run
    await tabs.getByRole('link', { name: 'Overview' }).click();
    const failures = page.getByTestId('project-failures');
    await expect(failures.getByTestId('failing-incident').first()).toContainText(
      'Executable “watched” failed',
    );
    await expect(failures.getByTestId('failing-run').first()).toContainText('watched');
    await expect(failures.getByTestId('failed-runs-count')).toHaveText('1 failed run in the last 24 hours');
    await expect(page.getByTestId('project-all-healthy')).toHaveCount(0);

    // the project's Alerts tab shows the same; its channel links to the channel's deliveries
    await tabs.getByRole('link', { name: 'Alerts' }).click();
    const listed = page.getByTestId('alert-incidents').getByTestId('incident-row').first();
    await expect(listed).toContainText('Executable “watched” failed');
    await expect(listed.getByTestId('delivery-attempt')).toContainText('202');
    await listed.getByRole('link', { name: 'Pager hook' }).click();
    await expect(page.getByTestId('delivery-row').first()).toContainText('Executable “watched” failed');
    await expect(page.getByTestId('delivery-row').first().getByTestId('delivery-state')).toHaveText(
      'delivered',
    );
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
