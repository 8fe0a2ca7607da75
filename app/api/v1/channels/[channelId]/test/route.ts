import { getDb } from '@/db/client';
import { testChannelOp } from '@/lib/alerts/channel-operations';
import { queueTestNotification } from '@/lib/alerts/channels/service';
import { kickDelivery } from '@/lib/alerts/delivery';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';

// POST /api/v1/channels/{channelId}/test — queue a test notification (delivered through the outbox)
export const POST = route(testChannelOp, async ({ principal, params }) => {
  const queued = await queueTestNotification(getDb(), principal.workspaceId, params.channelId);
  await kickDelivery([queued.id]);
  return ok(queued, 202);
});

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
