import { z } from 'zod';
import { WEBHOOK_STATES } from '@/db/enums';

/** Active named URLs per executable. */
export const MAX_ACTIVE_WEBHOOKS = 10;

export const WebhookSchema = z
  .strictObject({
    id: z.string(),
    executableId: z.string(),
    name: z.string(),
    state: z.enum(WEBHOOK_STATES),
    createdAt: z.string(),
    updatedAt: z.string(),
    rotatedAt: z.string().nullable().meta({ description: 'When the URL was last replaced' }),
    revokedAt: z.string().nullable(),
  })
  .meta({
    id: 'Webhook',
    description: 'Webhook credential record; the URL and its secret are never part of it',
  });
export type WebhookRecord = z.output<typeof WebhookSchema>;

export const WebhookWithUrlSchema = WebhookSchema.extend({
  url: z.string().meta({
    description:
      'The secret URL (`{origin}/api/hooks/<secret>`). Returned once, by create and rotate; Tickwork keeps only a SHA-256 hash of the secret',
  }),
}).meta({ id: 'WebhookWithUrl' });

const name = z.string().trim().min(1).max(100);

export const CreateWebhookBody = z.object({ name }).strict().meta({ id: 'CreateWebhookRequest' });
export const RenameWebhookBody = z.object({ name }).strict().meta({ id: 'RenameWebhookRequest' });

export const ExecutableWebhooksParams = z.object({ executableId: z.string() });
export const WebhookParams = z.object({ webhookId: z.string() });
