// A channel whose host resolves to a loopback address, on a deployment that keeps notifications to public hosts
// (no TICKWORK_NOTIFY_PRIVATE): the deployment refuses to connect, nothing reaches the receiver listening there,
// and the delivery error it stores and answers names the host, never the address the name resolved to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '@/lib/crypto/envelope';
import { type FaultStack, startFaultStack } from '../support/fault-stack';
import { waitUntil } from '../support/faults';
import { type Actor, newProject, newWorkspace, testDb, uniq } from '../support/fixtures';
import { api } from '../support/http';
import { startHttpReceiver } from '../support/notify-receivers';
import { useTarget } from '../support/target';

let http: Awaited<ReturnType<typeof startHttpReceiver>>;
let stack: FaultStack;
let owner: Actor;
let projectId: string;

beforeAll(async () => {
  http = await startHttpReceiver();
  stack = await startFaultStack({
    // public hosts only, as in production; one retry 200 ms later, then the notification has failed
    env: { TICKWORK_NOTIFY_PRIVATE: 'deny', TICKWORK_NOTIFY_BACKOFF_MS: '200' },
  });
  useTarget(stack.target);
  // the channel's credentials are sealed here and opened by the deployment: its master key
  process.env.TICKWORK_MASTER_KEY = stack.target.masterKey;
  owner = await newWorkspace();
  projectId = (await newProject(owner.workspaceId)).id;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await http?.close();
});

/**
 * A webhook channel saved with a public-looking URL, whose URL then names a host that resolves to loopback: what
 * a name pointed at a private address after it was saved (DNS rebinding) looks like to the sender.
 */
async function channelToLoopbackName(path: string) {
  const created = await api('/api/v1/channels', {
    method: 'POST',
    token: owner.token,
    body: { projectId, kind: 'webhook', name: `hook-${uniq()}`, url: `https://hooks.example.com${path}` },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.body.data.id as string;
  const url = `http://localhost:${new URL(http.url).port}${path}`;
  const [row] = await testDb().$sql`select encrypted_secret from notification_channels where id = ${id}`;
  const secret = { ...JSON.parse(decryptSecret(row.encrypted_secret)), url };
  await testDb().$sql`
    update notification_channels
       set encrypted_secret = ${encryptSecret(JSON.stringify(secret))},
           config = ${JSON.stringify({ host: new URL(url).host })}::jsonb
     where id = ${id}`;
  return id;
}

describe('delivery to a host that resolves to a private address', () => {
  it('is refused, and its error names the host only', async () => {
    const path = `/hooks/${uniq()}/very-secret-token`;
    const channelId = await channelToLoopbackName(path);
    const sent = await api(`/api/v1/channels/${channelId}/test`, { method: 'POST', token: owner.token });
    expect(sent.status, sent.text).toBe(202);
    const notificationId = sent.body.data.id as string;

    const delivery = await waitUntil(
      `${notificationId} failed`,
      async () => {
        const res = await api(`/api/v1/channels/${channelId}/deliveries`, { token: owner.token });
        expect(res.status, res.text).toBe(200);
        const d = (res.body.data as any[]).find((x) => x.id === notificationId);
        return d && d.state !== 'pending' ? d : null;
      },
      60_000,
    );
    expect(delivery.state).toBe('failed');
    expect(delivery.attempts).toHaveLength(2);
    for (const attempt of delivery.attempts) {
      expect(attempt).toMatchObject({ ok: false, responseCode: null });
      expect(attempt.error).toBe('localhost resolves to a private or local address');
    }
    expect(http.received).toHaveLength(0);

    // what is stored is what is answered: no address, no path
    const stored = await testDb().$sql`
      select a.error from notification_attempts a join notification_outbox o on o.id = a.outbox_id
       where o.id = ${notificationId}`;
    expect(stored).toHaveLength(2);
    const everything = JSON.stringify([delivery, stored]);
    for (const leak of ['127.0.0.1', '::1', 'very-secret-token']) expect(everything).not.toContain(leak);
  }, 90_000);
});
