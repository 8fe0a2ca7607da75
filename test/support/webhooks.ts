import { createHash } from 'node:crypto';
import { expect, inject } from 'vitest';
import { testDb } from './fixtures';
import { api } from './http';

export const WEBHOOK_KEYS = [
  'createdAt',
  'executableId',
  'id',
  'name',
  'revokedAt',
  'rotatedAt',
  'state',
  'updatedAt',
];

export const webhooksPath = (executableId: string) => `/api/v1/executables/${executableId}/webhooks`;

export const createWebhook = (
  token: string,
  executableId: string,
  body: unknown,
  headers?: Record<string, string>,
) => api(webhooksPath(executableId), { method: 'POST', token, body, headers });

export const listWebhooks = (token: string, executableId: string) =>
  api(webhooksPath(executableId), { token });

export const getWebhook = (token: string, id: string) => api(`/api/v1/webhooks/${id}`, { token });

export const renameWebhook = (token: string, id: string, body: unknown) =>
  api(`/api/v1/webhooks/${id}`, { method: 'PATCH', token, body });

export const revokeWebhook = (token: string, id: string) =>
  api(`/api/v1/webhooks/${id}`, { method: 'DELETE', token });

export const rotateWebhook = (token: string, id: string, headers?: Record<string, string>) =>
  api(`/api/v1/webhooks/${id}/rotate`, { method: 'POST', token, headers });

/** The secret of a one-time URL, checked against the expected shape `{baseUrl}/api/hooks/twh_<43 base64url>`. */
export function secretOf(url: string, baseUrl: string = inject('baseUrl')): string {
  const prefix = `${baseUrl}/api/hooks/`;
  expect(url.startsWith(prefix), url).toBe(true);
  const secret = url.slice(prefix.length);
  expect(secret).toMatch(/^twh_[A-Za-z0-9_-]{43}$/);
  return secret;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function webhookRow(id: string) {
  const [row] = await testDb()
    .$sql`select id, name, state, secret_hash, rotated_at, revoked_at, updated_at from webhooks where id = ${id}`;
  return row ?? null;
}

export async function activeCount(executableId: string) {
  const [row] = await testDb()
    .$sql`select count(*)::int as n from webhooks where executable_id = ${executableId} and state = 'active'`;
  return row.n as number;
}
