// Notification delivery end to end against real local receivers: an HTTP server for webhook, Slack, Discord and
// the Telegram Bot API, and an SMTP server for email. The deployment is a fault stack of its own (its app is
// told where the receivers are, and is killed and restarted).
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@/db/client';
import { verifyWebhook } from '@/lib/alerts/channels/signature';
import { enqueueNotification } from '@/lib/alerts/outbox';
import { INNGEST_FUNCTIONS } from '@/lib/jobs/providers/inngest';
import { receiverChannel } from '../support/alerts';
import { type FaultStack, startFaultStack } from '../support/fault-stack';
import { waitUntil } from '../support/faults';
import { type Actor, newProject, newWorkspace, uniq } from '../support/fixtures';
import { api } from '../support/http';
import { mailHeader, startHttpReceiver, startSmtpReceiver } from '../support/notify-receivers';
import { runnableExe, runToEnd, runWorld } from '../support/runs';
import { useTarget } from '../support/target';

let http: Awaited<ReturnType<typeof startHttpReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let stack: FaultStack;
let owner: Actor;
let projectId: string;
const BOT_TOKEN = `123456789:${'A'.repeat(12)}${uniq()}${uniq()}`;

beforeAll(async () => {
  http = await startHttpReceiver();
  smtp = await startSmtpReceiver();
  stack = await startFaultStack({
    env: {
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Tickwork Alerts <alerts@tickwork.test>',
      TICKWORK_TELEGRAM_API_URL: `${http.url}/telegram`,
      // two retries, 300 ms apart: three attempts in all
      TICKWORK_NOTIFY_BACKOFF_MS: '300,300',
    },
  });
  useTarget(stack.target);
  owner = await newWorkspace();
  projectId = (await newProject(owner.workspaceId)).id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await http?.close();
  await smtp?.close();
});

async function createChannel(body: Record<string, unknown>) {
  const res = await api('/api/v1/channels', {
    method: 'POST',
    token: owner.token,
    body: { projectId, name: `ch-${uniq()}`, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

async function sendTest(channelId: string): Promise<string> {
  const res = await api(`/api/v1/channels/${channelId}/test`, { method: 'POST', token: owner.token });
  expect(res.status, res.text).toBe(202);
  return res.body.data.id;
}

const deliveries = async (channelId: string, token = owner.token) => {
  const res = await api(`/api/v1/channels/${channelId}/deliveries`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data as any[];
};

const settled = (
  channelId: string,
  notificationId: string,
  state: 'delivered' | 'failed' = 'delivered',
  token = owner.token,
) =>
  waitUntil(`${notificationId} ${state}`, async () => {
    const d = (await deliveries(channelId, token)).find((x) => x.id === notificationId);
    return d && d.state !== 'pending' ? d : null;
  }).then((d) => {
    expect(d.state, JSON.stringify(d)).toBe(state);
    return d;
  });

const channel = async (id: string) => (await api(`/api/v1/channels/${id}`, { token: owner.token })).body.data;

describe('notification delivery', () => {
  it('a signed webhook: the body and the signature verify with the documented algorithm', async () => {
    const path = `/hook/${uniq()}`;
    const created = await createChannel({ kind: 'webhook', url: `${http.url}${path}` });
    expect(created.signingSecret).toMatch(/^whsec_/);
    expect(created.config).toEqual({ host: new URL(http.url).host });
    const id = await sendTest(created.id);
    const d = await settled(created.id, id);
    expect(d.attempts).toEqual([
      expect.objectContaining({ attempt: 1, ok: true, responseCode: 200, error: null }),
    ]);
    const [req] = http.at(path);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.json).toEqual({
      id,
      event: 'test',
      incident: null,
      message: expect.objectContaining({ title: expect.stringContaining(created.name), severity: 'info' }),
      sentAt: expect.any(String),
    });
    const headers = {
      timestamp: req.headers['tickwork-timestamp'] as string,
      signature: req.headers['tickwork-signature'] as string,
    };
    expect(headers.signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(created.signingSecret, headers, req.body)).toBe(true);
    // another secret, or a changed body, does not verify
    expect(verifyWebhook(`${created.signingSecret}x`, headers, req.body)).toBe(false);
    expect(verifyWebhook(created.signingSecret, headers, req.body.replace('test', 'fired'))).toBe(false);
    const fresh = await channel(created.id);
    expect(fresh.state).toBe('active');
    expect(fresh.lastDeliveredAt).not.toBeNull();
  });

  it('Slack, Discord and Telegram receive their own message formats', async () => {
    const slackPath = `/slack/${uniq()}`;
    const discordPath = `/discord/${uniq()}`;
    const chatId = `-100${Date.now()}`;
    const slack = await createChannel({ kind: 'slack', url: `${http.url}${slackPath}` });
    const discord = await createChannel({ kind: 'discord', url: `${http.url}${discordPath}` });
    const telegram = await createChannel({ kind: 'telegram', botToken: BOT_TOKEN, chatId });
    expect(telegram.config).toEqual({ chatId });
    const ids = [await sendTest(slack.id), await sendTest(discord.id), await sendTest(telegram.id)];
    await settled(slack.id, ids[0]);
    await settled(discord.id, ids[1]);
    await settled(telegram.id, ids[2]);

    const [s] = http.at(slackPath);
    expect(s.json.text).toContain(slack.name);
    expect(s.json.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: expect.any(String) },
    });
    const [d] = http.at(discordPath);
    expect(d.json.embeds[0]).toEqual(
      expect.objectContaining({ title: expect.stringContaining(discord.name), color: expect.any(Number) }),
    );
    const [t] = http.at(`/telegram/bot${BOT_TOKEN}/sendMessage`);
    expect(t.json).toEqual(
      expect.objectContaining({
        chat_id: chatId,
        parse_mode: 'HTML',
        text: expect.stringContaining(telegram.name),
      }),
    );
  });

  it('email goes through the SMTP server to the channel’s recipients', async () => {
    const to = `ops-${uniq()}@example.com`;
    const email = await createChannel({ kind: 'email', to: [to, 'oncall@example.com'] });
    expect(email.config).toEqual({ to: `${to}, oncall@example.com` });
    const id = await sendTest(email.id);
    const d = await settled(email.id, id);
    expect(d.attempts[0]).toEqual(expect.objectContaining({ ok: true, responseCode: 250 }));
    const mail = smtp.mails.find((m) => m.to.includes(to));
    expect(mail?.to.sort()).toEqual([to, 'oncall@example.com'].sort());
    expect(mail?.from).toBe('alerts@tickwork.test');
    expect(mailHeader(mail?.raw ?? '', 'Subject')).toBe(
      `[Tickwork] Test: Test notification for “${email.name}”`,
    );
    expect(mail?.raw).toContain(`X-Tickwork-Notification: ${id}`);
    expect(mail?.raw).toContain('text/html');
  });

  it('a receiver answering 500 twice, then 200: delivered on the third attempt, three attempts recorded', async () => {
    const path = `/flaky/${uniq()}`;
    http.script(path, [500, 500]);
    const created = await createChannel({ kind: 'webhook', url: `${http.url}${path}` });
    const id = await sendTest(created.id);
    const d = await settled(created.id, id);
    expect(d.attempts.map((a: any) => [a.attempt, a.ok, a.responseCode])).toEqual([
      [1, false, 500],
      [2, false, 500],
      [3, true, 200],
    ]);
    expect(d.attempts[0].error).toBe('the receiver answered HTTP 500');
    expect(http.at(path)).toHaveLength(3);
    // the same notification each time
    expect(new Set(http.at(path).map((r) => r.json.id))).toEqual(new Set([id]));
    expect((await channel(created.id)).state).toBe('active');
  });

  it('a channel whose notifications fail for good three times in a row is failing, and active after a success', async () => {
    const path = `/down/${uniq()}`;
    http.answer(path, 503);
    const created = await createChannel({ kind: 'discord', url: `${http.url}${path}` });
    for (let n = 1; n <= 3; n++) {
      const id = await sendTest(created.id);
      const d = await settled(created.id, id, 'failed');
      expect(d.attempts).toHaveLength(3);
      expect(d.attempts.every((a: any) => !a.ok && a.responseCode === 503)).toBe(true);
      const now = await channel(created.id);
      expect(now.consecutiveFailures).toBe(n);
      expect(now.state).toBe(n < 3 ? 'active' : 'failing');
      expect(now.lastFailedAt).not.toBeNull();
    }
    http.answer(path, 200);
    await settled(created.id, await sendTest(created.id));
    expect(await channel(created.id)).toEqual(
      expect.objectContaining({
        state: 'active',
        consecutiveFailures: 0,
        lastDeliveredAt: expect.any(String),
      }),
    );
  });

  it('with two workers each notification is sent exactly once', async () => {
    const second = await stack.startApp();
    try {
      const path = `/once/${uniq()}`;
      const created = await createChannel({ kind: 'webhook', url: `${http.url}${path}` });
      const ids: string[] = [];
      for (let n = 0; n < 12; n++) ids.push(await sendTest(created.id));
      for (const id of ids) await settled(created.id, id);
      const sent = http.at(path).map((r) => r.json.id);
      expect(sent.sort()).toEqual([...ids].sort());
      for (const d of await deliveries(created.id)) expect(d.attempts).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('over the rate limit (20 a minute per channel) the rest wait their turn, none is dropped', async () => {
    const path = `/busy/${uniq()}`;
    const created = await createChannel({ kind: 'slack', url: `${http.url}${path}` });
    const ids: string[] = [];
    for (let n = 0; n < 24; n++) ids.push(await sendTest(created.id));
    const all = await waitUntil('20 delivered and 4 waiting', async () => {
      const list = await deliveries(created.id);
      const delivered = list.filter((d) => d.state === 'delivered');
      // delayed: no attempt spent, the next one about a minute after the first sends
      const waiting = list.filter(
        (d) =>
          d.state === 'pending' &&
          d.attempts.length === 0 &&
          new Date(d.nextAttemptAt).getTime() > Date.now() + 20_000,
      );
      return delivered.length === 20 && waiting.length === 4 ? list : null;
    });
    expect(http.at(path)).toHaveLength(20);
    expect(all.some((d: any) => d.state === 'failed')).toBe(false);
  });

  it('nothing is lost when the app is killed between a failing run and the delivery of its alert: sent once after a restart', async () => {
    const w = await runWorld();
    const { channelId, path } = await receiverChannel(http, w.token, w.projectId);
    const exe = await runnableExe(
      w,
      `export default { __tickworkTask: 1, run: async () => { throw new Error('the oracle is down'); } };\n`,
    );
    const rule = await api('/api/v1/alert-rules', {
      method: 'POST',
      token: w.token,
      body: {
        projectId: w.projectId,
        executableId: exe.id,
        kind: 'execution_failed',
        channelIds: [channelId],
      },
    });
    expect(rule.status, rule.text).toBe(201);
    const db: Db = createDb(stack.databaseUrl, 2);
    // The channel row locked against delivery (a claim takes it FOR UPDATE) but not against the outbox insert
    // (a foreign key takes FOR KEY SHARE): the run's ending commits with its outbox row, its delivery waits.
    const lock = await db.$sql.reserve();
    try {
      await lock`begin`;
      await lock`select id from notification_channels where id = ${channelId} for no key update`;
      const run = await runToEnd(w.token, exe.id);
      expect(run.execution.status).toBe('failed');
      const [owed] = await db.$sql`
        select o.id, o.state, o.event from notification_outbox o join alert_incidents i on i.id = o.incident_id
         where o.channel_id = ${channelId} and i.rule_id = ${rule.body.data.id}`;
      expect(owed).toMatchObject({ state: 'pending', event: 'fired' });
      // the app's delivery of it is under way, waiting for the channel
      await waitUntil('a delivery waiting for the channel', async () => {
        const [waiting] = await db.$sql`
          select count(*)::int as n from pg_stat_activity
           where wait_event_type = 'Lock' and query ilike '%notification_channels%'`;
        return waiting.n > 0 ? true : null;
      });
      await stack.app().kill('SIGKILL');
      await lock`commit`;
      expect(http.at(path)).toEqual([]);

      await stack.restartApp();
      await settled(channelId, owed.id, 'delivered', w.token);
      const sent = http.at(path);
      expect(sent.map((r) => [r.json.id, r.json.event])).toEqual([[owed.id, 'fired']]);
      expect(sent[0].json.message.facts.Execution).toBe(run.execution.id);
      const [delivered] = await deliveries(channelId, w.token);
      expect(delivered.attempts.map((a: any) => [a.attempt, a.ok, a.responseCode])).toEqual([[1, true, 200]]);
    } finally {
      await lock`rollback`.catch(() => {}); // committed already unless the test failed first
      lock.release();
      await db.$sql.end({ timeout: 5 });
    }
  }, 120_000);

  it('nothing is lost when the app is down: rows written meanwhile are delivered after a restart; the Inngest function delivers one row once', async () => {
    const path = `/restart/${uniq()}`;
    const created = await createChannel({ kind: 'webhook', url: `${http.url}${path}` });
    await stack.app().kill('SIGKILL');
    const db: Db = createDb(stack.databaseUrl, 2);
    const saved = { ...process.env };
    try {
      const message = {
        title: 'Executable “keeper” failed',
        text: 'It reverted.',
        severity: 'critical' as const,
        facts: { error: 'reverted' },
      };
      const write = () =>
        db.transaction((tx) =>
          enqueueNotification(tx, {
            workspaceId: owner.workspaceId,
            projectId,
            channelIds: [created.id],
            event: 'fired',
            message,
          }),
        );
      const [afterRestart] = await write();
      const [viaInngest] = await write();

      // the Inngest function, run in this process (no app is running to race it)
      process.env.DATABASE_URL = stack.databaseUrl;
      process.env.TICKWORK_MASTER_KEY = stack.env.TICKWORK_MASTER_KEY;
      process.env.TICKWORK_NOTIFY_PRIVATE = 'allow';
      const engine = () => new InngestTestEngine({ function: INNGEST_FUNCTIONS['deliver-notification'] });
      const event = { name: 'notification/delivery.requested', data: { notificationId: viaInngest } };
      const first = await engine().execute({ events: [event] as never });
      expect(first.error).toBeUndefined();
      expect(first.result).toEqual({ outcome: 'delivered', attempt: 1 });
      const again = await engine().execute({ events: [event] as never });
      expect(again.result).toEqual({ outcome: 'skipped' });
      expect(http.at(path).map((r) => r.json.id)).toEqual([viaInngest]);

      await stack.restartApp();
      await settled(created.id, afterRestart);
      expect(
        http
          .at(path)
          .map((r) => r.json.id)
          .sort(),
      ).toEqual([afterRestart, viaInngest].sort());
      const body = http.at(path).find((r) => r.json.id === afterRestart)?.json;
      expect(body).toEqual(expect.objectContaining({ event: 'fired', message }));
    } finally {
      process.env = saved;
      const { getDb } = await import('@/db/client');
      await getDb()
        .$sql.end({ timeout: 5 })
        .catch(() => {});
      await db.$sql.end({ timeout: 5 });
    }
  }, 90_000);

  it('credentials never appear in answers, deliveries or attempt errors', async () => {
    const secretPath = `/T000/B000/${uniq()}${uniq()}`;
    const slack = await createChannel({ kind: 'slack', url: `${http.url}${secretPath}` });
    http.answer(secretPath, 500);
    const telegram = await createChannel({ kind: 'telegram', botToken: BOT_TOKEN, chatId: '42' });
    const id = await sendTest(slack.id);
    await settled(slack.id, id, 'failed');
    const texts = [
      (await api(`/api/v1/channels?projectId=${projectId}`, { token: owner.token })).text,
      (await api(`/api/v1/channels/${slack.id}`, { token: owner.token })).text,
      (await api(`/api/v1/channels/${telegram.id}`, { token: owner.token })).text,
      (await api(`/api/v1/channels/${slack.id}/deliveries`, { token: owner.token })).text,
      (await api(`/api/v1/channels/${telegram.id}`, { method: 'DELETE', token: owner.token })).text,
    ];
    for (const text of texts) {
      expect(text).not.toContain(secretPath);
      expect(text).not.toContain(BOT_TOKEN.split(':')[1]);
      expect(text).not.toContain('whsec_');
      expect(text).not.toMatch(/encrypted|ciphertext/i);
    }
    const db = createDb(stack.databaseUrl, 1);
    try {
      const [row] = await db.$sql`select encrypted_secret from notification_channels where id = ${slack.id}`;
      expect(row.encrypted_secret).toMatch(/^v1\./);
      expect(row.encrypted_secret).not.toContain(secretPath);
    } finally {
      await db.$sql.end({ timeout: 5 });
    }
  });
});
