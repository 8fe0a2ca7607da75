// The sender's own address check (SSRF): without TICKWORK_NOTIFY_PRIVATE a channel URL that reaches a private
// or loopback address is refused when connecting, whatever was accepted when it was saved; errors name the host
// only, never the URL's path (which carries Slack and Discord tokens).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@/lib/alerts/channels/render';
import { sendNotification } from '@/lib/alerts/channels/send';
import { startHttpReceiver } from '../support/notify-receivers';

let http: Awaited<ReturnType<typeof startHttpReceiver>>;
beforeAll(async () => {
  http = await startHttpReceiver();
});
afterAll(async () => {
  await http.close();
  delete process.env.TICKWORK_NOTIFY_PRIVATE;
});

const notification: Notification = {
  id: 'ntf_test',
  event: 'test',
  message: { title: 'Hello', text: 'A test.', severity: 'info', facts: {} },
  incident: null,
  sentAt: new Date().toISOString(),
};
const TOKEN_PATH = '/services/T000/B000/very-secret-token';

describe('the sender refuses private addresses unless allowed', () => {
  it('refused without the flag: nothing reaches the receiver, the error names the host only', async () => {
    delete process.env.TICKWORK_NOTIFY_PRIVATE;
    for (const kind of ['webhook', 'slack', 'discord'] as const) {
      const result = await sendNotification(
        { kind, config: {}, secret: { url: `${http.url}${TOKEN_PATH}`, signingSecret: 'whsec_x' } },
        notification,
      );
      expect(result.ok).toBe(false);
      expect(result.responseCode).toBeNull();
      expect(result.error).toContain('is a private or local address');
      expect(result.error).not.toContain('very-secret-token');
    }
    expect(http.received).toHaveLength(0);
  });

  it('sent with TICKWORK_NOTIFY_PRIVATE=allow', async () => {
    process.env.TICKWORK_NOTIFY_PRIVATE = 'allow';
    const result = await sendNotification(
      { kind: 'slack', config: {}, secret: { url: `${http.url}${TOKEN_PATH}` } },
      notification,
    );
    expect(result).toEqual({ ok: true, responseCode: 200, error: null });
    expect(http.at(TOKEN_PATH)).toHaveLength(1);
  });

  it('a refused or unreachable receiver: the error has no body and no path', async () => {
    process.env.TICKWORK_NOTIFY_PRIVATE = 'allow';
    http.answer('/boom', 500);
    const failed = await sendNotification(
      { kind: 'discord', config: {}, secret: { url: `${http.url}/boom` } },
      notification,
    );
    expect(failed).toEqual({ ok: false, responseCode: 500, error: 'the receiver answered HTTP 500' });
    const closed = await sendNotification(
      { kind: 'webhook', config: {}, secret: { url: `http://127.0.0.1:1${TOKEN_PATH}`, signingSecret: 's' } },
      notification,
    );
    expect(closed.ok).toBe(false);
    expect(closed.error).toBe('the connection to 127.0.0.1:1 was refused');
  });
});
