import nodemailer from 'nodemailer';
import type { ChannelKind } from '@/db/enums';
import { publicFetch } from '@/lib/runtime/fetch-bridge';
import { notifyPrivateAllowed } from '../notify-url';
import type { ChannelSecret } from './kinds';
import { discordBody, emailContent, type Notification, slackBody, telegramBody, webhookBody } from './render';
import { signWebhook } from './signature';

/** One attempt's outcome: never the receiver's body, never a credential. */
export type SendResult = { ok: boolean; responseCode: number | null; error: string | null };

const SEND_TIMEOUT_MS = 10_000;
const telegramApiUrl = () =>
  (process.env.TICKWORK_TELEGRAM_API_URL || 'https://api.telegram.org').replace(/\/+$/, '');

export type SendTarget = { kind: ChannelKind; config: Record<string, string>; secret: ChannelSecret | null };

async function postJson(
  url: string,
  body: unknown,
  opts: { headers?: Record<string, string>; trusted?: boolean } = {},
): Promise<SendResult> {
  // The address is checked where the socket connects: private and local addresses are refused unless allowed
  // (the Telegram API base is the operator's setting, so it is trusted).
  const fetch = publicFetch({
    allowPrivate: opts.trusted || notifyPrivateAllowed(),
    timeoutMs: SEND_TIMEOUT_MS,
    maxBytes: 256 * 1024,
  });
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Tickwork-Notifications',
        ...opts.headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      responseCode: response.status,
      error: ok ? null : `the receiver answered HTTP ${response.status}`,
    };
  } catch (error) {
    // publicFetch's messages name the host only (never the path, which may carry a token)
    const message = error instanceof Error ? error.message.replace(/^fetch: /, '') : 'the request failed';
    return {
      ok: false,
      responseCode: null,
      error: message.replace(/; tasks may only reach public hosts$/, '').slice(0, 300),
    };
  }
}

const smtpReplyCode = (response: unknown): number | null => {
  const match = /^(\d{3})/.exec(String(response ?? ''));
  return match ? Number(match[1]) : null;
};

async function sendEmail(n: Notification, to: string): Promise<SendResult> {
  const smtpUrl = process.env.SMTP_URL;
  if (!smtpUrl)
    return { ok: false, responseCode: null, error: 'email is not configured (SMTP_URL is not set)' };
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    const content = emailContent(n);
    const info = await transport.sendMail({
      from: process.env.SMTP_FROM || 'Tickwork <alerts@localhost>',
      to,
      ...content,
      headers: { 'X-Tickwork-Notification': n.id },
    });
    return { ok: true, responseCode: smtpReplyCode(info.response), error: null };
  } catch (error) {
    const e = error as { responseCode?: number; code?: string; command?: string };
    const code = typeof e.responseCode === 'number' ? e.responseCode : null;
    // nodemailer's message can quote the server's reply and the URL's user: only the code and the step are kept
    const what = code ? `the mail server refused it (${code}${e.command ? ` at ${e.command}` : ''})` : null;
    return {
      ok: false,
      responseCode: code,
      error: what ?? `the mail server could not be reached (${e.code ?? 'error'})`,
    };
  } finally {
    transport.close();
  }
}

/** Sends one notification over one channel. */
export async function sendNotification(target: SendTarget, n: Notification): Promise<SendResult> {
  const secret = target.secret ?? {};
  switch (target.kind) {
    case 'webhook': {
      if (!secret.url || !secret.signingSecret) return missing();
      const body = JSON.stringify(webhookBody(n));
      const timestamp = Math.floor(Date.now() / 1000);
      return postJson(secret.url, body, {
        headers: {
          'Tickwork-Timestamp': String(timestamp),
          'Tickwork-Signature': signWebhook(secret.signingSecret, timestamp, body),
          'Tickwork-Notification-Id': n.id,
          'Tickwork-Event': n.event,
        },
      });
    }
    case 'slack':
      return secret.url ? postJson(secret.url, slackBody(n)) : missing();
    case 'discord':
      return secret.url ? postJson(secret.url, discordBody(n)) : missing();
    case 'telegram':
      if (!secret.botToken || !target.config.chatId) return missing();
      return postJson(
        `${telegramApiUrl()}/bot${secret.botToken}/sendMessage`,
        telegramBody(n, target.config.chatId),
        { trusted: true },
      );
    case 'email':
      return target.config.to ? sendEmail(n, target.config.to) : missing();
  }
}

const missing = (): SendResult => ({
  ok: false,
  responseCode: null,
  error: 'the channel has no credentials',
});
