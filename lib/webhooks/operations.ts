import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import {
  CreateWebhookBody,
  ExecutableWebhooksParams,
  RenameWebhookBody,
  WebhookParams,
  WebhookSchema,
  WebhookWithUrlSchema,
} from './schemas';

const tag = 'Webhooks';
const one = z.strictObject({ data: WebhookSchema });
const withUrl = z.strictObject({ data: WebhookWithUrlSchema });
const noReplay =
  ' The one-time URL is never stored, so this route does not take part in Idempotency-Key replay (a retried request makes a new URL).';

export const listWebhooksOp = defineOperation({
  method: 'GET',
  path: '/api/v1/executables/{executableId}/webhooks',
  scope: 'webhooks:read',
  tag,
  summary: 'List the active webhook URLs of an executable, oldest first (no URLs)',
  params: ExecutableWebhooksParams,
  responses: { 200: z.strictObject({ data: z.array(WebhookSchema) }) },
});

export const createWebhookOp = defineOperation({
  method: 'POST',
  path: '/api/v1/executables/{executableId}/webhooks',
  scope: 'webhooks:write',
  tag,
  summary: 'Create a named webhook URL (returned once); at most 10 active per executable',
  description: `A URL past the 10th active one → 409 \`webhook_limit_reached\`.${noReplay}`,
  params: ExecutableWebhooksParams,
  body: CreateWebhookBody,
  idempotent: false,
  errors: ['webhook_limit_reached'],
  responses: { 201: withUrl },
});

export const getWebhookOp = defineOperation({
  method: 'GET',
  path: '/api/v1/webhooks/{webhookId}',
  scope: 'webhooks:read',
  tag,
  summary: 'Get an active webhook (revoked ones are gone: 404)',
  params: WebhookParams,
  responses: { 200: one },
});

export const renameWebhookOp = defineOperation({
  method: 'PATCH',
  path: '/api/v1/webhooks/{webhookId}',
  scope: 'webhooks:write',
  tag,
  summary: 'Rename a webhook (the URL stays)',
  params: WebhookParams,
  body: RenameWebhookBody,
  responses: { 200: one },
});

export const revokeWebhookOp = defineOperation({
  method: 'DELETE',
  path: '/api/v1/webhooks/{webhookId}',
  scope: 'webhooks:write',
  tag,
  summary: 'Revoke a webhook for good: its URL stops working at once (answers the revoked record)',
  params: WebhookParams,
  responses: { 200: one },
});

export const rotateWebhookOp = defineOperation({
  method: 'POST',
  path: '/api/v1/webhooks/{webhookId}/rotate',
  scope: 'webhooks:write',
  tag,
  summary: 'Replace the URL of a webhook: the old one is invalid at once, the new one is returned once',
  description: noReplay.trim(),
  params: WebhookParams,
  idempotent: false,
  responses: { 200: withUrl },
});
