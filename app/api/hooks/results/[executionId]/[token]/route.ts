import { getDb } from '@/db/client';
import { otherMethods, publicRoute } from '@/lib/api/route';
import { publicOrigin } from '@/lib/console/origin';
import { requireWebhookExecution, webhookReply } from '@/lib/webhooks/results';

// GET /api/hooks/results/{executionId}/{token} — a webhook execution's result link (24 h): 200 once final,
// 202 with Retry-After while it runs; 404 once expired or when its webhook was revoked.
export const GET = publicRoute({}, async ({ req, params }) => {
  const db = getDb();
  const execution = await requireWebhookExecution(db, params.executionId, params.token);
  return webhookReply(db, execution.id, { origin: publicOrigin(req), waitMs: 0 });
});

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
