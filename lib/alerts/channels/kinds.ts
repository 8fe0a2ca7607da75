import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ChannelKind } from '@/db/enums';
import { apiError } from '@/lib/api/errors';
import type { CreateChannelInput } from '../channel-schemas';
import { checkChannelUrl } from '../notify-url';

/** A channel's credentials, encrypted at rest (never returned, never logged). */
export type ChannelSecret = { url?: string; signingSecret?: string; botToken?: string };

export type PreparedChannel = {
  config: Record<string, string>;
  secret: ChannelSecret | null;
  /** Shown once, in the create answer. */
  signingSecret?: string;
};

const invalid = (message: string) => apiError('invalid_request', message);
const email = z.email();
const TELEGRAM_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z0-9_]{5,64})$/;

function only(input: CreateChannelInput, allowed: (keyof CreateChannelInput)[]) {
  for (const field of ['url', 'to', 'botToken', 'chatId'] as const)
    if (input[field] !== undefined && !allowed.includes(field))
      throw invalid(`${field} does not apply to a ${input.kind} channel`);
}

function urlOf(input: CreateChannelInput): URL {
  if (!input.url) throw invalid(`a ${input.kind} channel needs a url`);
  return checkChannelUrl(input.url);
}

/** Checks a create request for its kind and splits it into showable config and encrypted credentials. */
export function prepareChannel(input: CreateChannelInput): PreparedChannel {
  const kind: ChannelKind = input.kind;
  switch (kind) {
    case 'webhook': {
      only(input, ['url']);
      const url = urlOf(input);
      const signingSecret = `whsec_${randomBytes(32).toString('base64url')}`;
      return { config: { host: url.host }, secret: { url: url.href, signingSecret }, signingSecret };
    }
    case 'slack':
    case 'discord': {
      only(input, ['url']);
      const url = urlOf(input);
      return { config: { host: url.host }, secret: { url: url.href } };
    }
    case 'email': {
      only(input, ['to']);
      const to = (Array.isArray(input.to) ? input.to : (input.to ?? '').split(','))
        .map((a) => a.trim())
        .filter(Boolean);
      if (to.length === 0) throw invalid('an email channel needs a recipient address (to)');
      if (to.length > 10) throw invalid('at most 10 recipient addresses');
      for (const address of to)
        if (!email.safeParse(address).success) throw invalid(`"${address}" is not an email address`);
      return { config: { to: to.join(', ') }, secret: null };
    }
    case 'telegram': {
      only(input, ['botToken', 'chatId']);
      if (!input.botToken || !TELEGRAM_TOKEN.test(input.botToken))
        throw invalid('botToken must be a Telegram bot token (digits, a colon, then the key)');
      if (!input.chatId || !TELEGRAM_CHAT.test(input.chatId))
        throw invalid('chatId must be a numeric chat id or an @channel name');
      return { config: { chatId: input.chatId }, secret: { botToken: input.botToken } };
    }
  }
}
