import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { getWebhookOp, renameWebhookOp, revokeWebhookOp } from '@/lib/webhooks/operations';
import { getWebhook, renameWebhook, revokeWebhook } from '@/lib/webhooks/service';

// GET /api/v1/webhooks/{webhookId} — one active webhook (no URL)
export const GET = route(getWebhookOp, async ({ principal, params }) =>
  ok(await getWebhook(getDb(), principal.workspaceId, params.webhookId)),
);

// PATCH /api/v1/webhooks/{webhookId} — rename
export const PATCH = route(renameWebhookOp, async ({ principal, params, body }) =>
  ok(
    await renameWebhook(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.webhookId,
      body.name,
    ),
  ),
);

// DELETE /api/v1/webhooks/{webhookId} — revoke for good
export const DELETE = route(revokeWebhookOp, async ({ principal, params }) =>
  ok(
    await revokeWebhook(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.webhookId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { POST, PUT } = otherMethods('GET', 'PATCH', 'DELETE');
