import { getDb } from '@/db/client';
import { readCappedText } from '@/lib/api/body';
import { apiError } from '@/lib/api/errors';
import { otherMethods, publicRoute } from '@/lib/api/route';
import { publicOrigin } from '@/lib/console/origin';
import { observeWebhookAnswer } from '@/lib/metrics/observe';
import { WEBHOOK_BODY_LIMIT } from '@/lib/webhooks/args';
import { invokeWebhook } from '@/lib/webhooks/door';
import { WEBHOOK_WAIT_MS, webhookReply } from '@/lib/webhooks/results';

// POST /api/hooks/{secret} — the webhook door: starts the executable, waits up to 55 s for the outcome
// (200), or answers 202 with a result link (at once with `Prefer: respond-async`).
const door = publicRoute({}, async ({ req, params }) => {
  const idempotencyKey = req.headers.get('idempotency-key');
  if (idempotencyKey !== null && (idempotencyKey.length < 1 || idempotencyKey.length > 128))
    throw apiError('invalid_request', 'Idempotency-Key must be 1 to 128 characters');
  const body = await readCappedText(req, WEBHOOK_BODY_LIMIT);
  const db = getDb();
  const { executionId, replayed } = await invokeWebhook(db, {
    secret: params.secret,
    contentType: req.headers.get('content-type'),
    body,
    idempotencyKey,
  });
  const respondAsync = /(^|[,;\s])respond-async($|[,;\s])/i.test(req.headers.get('prefer') ?? '');
  return webhookReply(db, executionId, {
    origin: publicOrigin(req),
    waitMs: WEBHOOK_WAIT_MS,
    respondAsync,
    replayed,
  });
});

export async function POST(...args: Parameters<typeof door>) {
  const response = await door(...args);
  observeWebhookAnswer(response.status);
  return response;
}

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
