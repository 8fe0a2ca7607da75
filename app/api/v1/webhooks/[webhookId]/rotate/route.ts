import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { publicOrigin } from '@/lib/console/origin';
import { rotateWebhookOp } from '@/lib/webhooks/operations';
import { rotateWebhook } from '@/lib/webhooks/service';

// POST /api/v1/webhooks/{webhookId}/rotate — a new URL (returned once); the old one stops working
export const POST = route(rotateWebhookOp, async ({ req, principal, params }) =>
  ok(
    await rotateWebhook(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.webhookId,
      publicOrigin(req),
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
