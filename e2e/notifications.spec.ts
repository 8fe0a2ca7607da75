// Notification channels in the console: a webhook channel to a local receiver is created (its signing secret
// shown once), sent a test, and its delivery attempt shows; the receiver got one signed message.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { verifyWebhook } from '../lib/alerts/channels/signature';
import { createProject, openDialog, rpcUrl, signIn } from './support/console';
import { installWallet } from './support/wallet';

test('create a webhook channel, send a test, see its delivery attempt', async ({ page }) => {
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tickwork`;
  try {
    await installWallet(page, { rpcUrl: rpcUrl() });
    await page.goto('/');
    await signIn(page);
    await expect(page).toHaveURL(/\/[^/]+\/projects$/);
    await createProject(page, `Alerts ${Date.now()}`);

    await page.getByRole('link', { name: 'Notifications' }).click();
    await expect(page.getByText('No channels yet')).toBeVisible();
    await openDialog(page, 'New channel');
    await page.getByLabel('Kind').selectOption('webhook');
    await page.getByLabel('Name').fill('Ops hook');
    await page.getByLabel('URL').fill(url);
    await page.getByRole('button', { name: 'Create channel' }).click();
    const secret = (await page.getByTestId('signing-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    const row = page.getByTestId('channel-row').filter({ hasText: 'Ops hook' });
    await expect(row).toContainText('127.0.0.1');
    await expect(row.getByTestId('channel-state')).toHaveText('Active');
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('button', { name: 'Send a test to Ops hook' }).click();
    await expect(page.getByText('Test queued for Ops hook')).toBeVisible();
    await row.getByRole('link', { name: 'Deliveries' }).click();
    const delivery = page.getByTestId('delivery-row').first();
    await expect(delivery).toContainText('Test notification for “Ops hook”');
    await expect(delivery.getByTestId('delivery-state')).toHaveText('delivered', { timeout: 30_000 });
    const attempt = delivery.getByTestId('delivery-attempt');
    await expect(attempt).toHaveCount(1);
    await expect(attempt).toContainText('#1');
    await expect(attempt).toContainText('ok');
    await expect(attempt).toContainText('204');
    await expect(attempt).toContainText(/\d+ ms/);

    expect(received).toHaveLength(1);
    const [message] = received;
    const ok = verifyWebhook(
      secret,
      {
        timestamp: message.headers['tickwork-timestamp'] as string,
        signature: message.headers['tickwork-signature'] as string,
      },
      message.body,
    );
    expect(ok).toBe(true);
    expect(JSON.parse(message.body)).toMatchObject({ event: 'test', incident: null });

    // the channel list shows when it last delivered
    await page.goto(new URL('.', page.url()).pathname);
    await expect(row).toContainText(/ago|now/);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
