import { z } from 'zod';
import { CHANNEL_KINDS, CHANNEL_STATES, NOTIFICATION_STATES } from '@/db/enums';

export const ChannelSchema = z
  .strictObject({
    id: z.string(),
    projectId: z.string(),
    kind: z.enum(CHANNEL_KINDS),
    name: z.string(),
    config: z.record(z.string(), z.string()).meta({
      description:
        'What may be shown: the host of a webhook, Slack or Discord URL, the email recipients, the Telegram chat id',
    }),
    state: z.enum(CHANNEL_STATES).meta({
      description:
        '`failing` after 3 notifications in a row failed for good; `active` again on the next delivery',
    }),
    consecutiveFailures: z.number().int(),
    lastDeliveredAt: z.string().nullable(),
    lastFailedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({
    id: 'NotificationChannel',
    description: 'A channel; its credentials are write-only, never returned',
  });
export type ChannelRecord = z.output<typeof ChannelSchema>;

export const CreatedChannelSchema = ChannelSchema.extend({
  signingSecret: z.string().optional().meta({
    description: 'webhook channels: the HMAC-SHA256 signing secret, returned only in this response',
  }),
}).meta({ id: 'CreatedNotificationChannel' });

export const CreateChannelBody = z
  .object({
    projectId: z.string().min(1),
    kind: z.enum(CHANNEL_KINDS),
    name: z.string().trim().min(1).max(100),
    url: z
      .string()
      .max(2048)
      .optional()
      .meta({ description: 'webhook, slack, discord: the URL to POST to (https; stored encrypted)' }),
    to: z
      .union([z.string(), z.array(z.string()).min(1).max(10)])
      .optional()
      .meta({ description: 'email: the recipient address(es)' }),
    botToken: z
      .string()
      .max(200)
      .optional()
      .meta({ description: 'telegram: the bot token (stored encrypted)' }),
    chatId: z.string().max(100).optional().meta({ description: 'telegram: the chat id' }),
  })
  .strict()
  .meta({ id: 'CreateNotificationChannelRequest' });
export type CreateChannelInput = z.output<typeof CreateChannelBody>;

const AttemptSchema = z
  .strictObject({
    attempt: z.number().int(),
    ok: z.boolean(),
    responseCode: z.number().int().nullable().meta({ description: 'HTTP status, or the SMTP reply code' }),
    latencyMs: z.number().int(),
    error: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'NotificationAttempt' });

export const DeliverySchema = z
  .strictObject({
    id: z.string(),
    channelId: z.string(),
    incidentId: z.string().nullable(),
    event: z.string().meta({ description: '`fired`, `resolved` or `test`' }),
    title: z.string(),
    state: z.enum(NOTIFICATION_STATES),
    attempts: z.array(AttemptSchema),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'NotificationDelivery' });
export type DeliveryRecord = z.output<typeof DeliverySchema>;

export const ChannelParams = z.object({ channelId: z.string() });
export const ChannelListQuery = z.object({ projectId: z.string().min(1) });
