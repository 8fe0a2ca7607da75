import { getDb } from '@/db/client';
import { created, ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { publicOrigin } from '@/lib/console/origin';
import { createWebhookOp, listWebhooksOp } from '@/lib/webhooks/operations';
import { createWebhook, listWebhooks } from '@/lib/webhooks/service';

// GET /api/v1/executables/{executableId}/webhooks — the active webhooks, no URLs (Array)
export const GET = route(listWebhooksOp, async ({ principal, params }) =>
  ok(await listWebhooks(getDb(), principal.workspaceId, params.executableId)),
);

// POST /api/v1/executables/{executableId}/webhooks — a new named URL, returned once
export const POST = route(createWebhookOp, async ({ req, principal, params, body }) =>
  created(
    await createWebhook(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
      body.name,
      publicOrigin(req),
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { PATCH, PUT, DELETE } = otherMethods('GET', 'POST');
