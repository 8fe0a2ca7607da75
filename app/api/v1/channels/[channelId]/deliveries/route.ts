import { getDb } from '@/db/client';
import { listChannelDeliveriesOp } from '@/lib/alerts/channel-operations';
import { listDeliveries } from '@/lib/alerts/channels/service';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';

// GET /api/v1/channels/{channelId}/deliveries — recent notifications with their attempts
export const GET = route(listChannelDeliveriesOp, async ({ principal, params }) =>
  ok(await listDeliveries(getDb(), principal.workspaceId, params.channelId)),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
