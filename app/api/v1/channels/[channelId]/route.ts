import { getDb } from '@/db/client';
import { deleteChannelOp, getChannelOp } from '@/lib/alerts/channel-operations';
import { deleteChannel, getChannel } from '@/lib/alerts/channels/service';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';

// GET /api/v1/channels/{channelId} — one channel and its state
export const GET = route(getChannelOp, async ({ principal, params }) =>
  ok(await getChannel(getDb(), principal.workspaceId, params.channelId)),
);

// DELETE /api/v1/channels/{channelId} — delete the channel and its credentials
export const DELETE = route(deleteChannelOp, async ({ principal, params }) => {
  const db = getDb();
  return ok(
    await deleteChannel(db, principal.workspaceId, params.channelId, await principalActor(db, principal)),
  );
});

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT } = otherMethods('GET', 'DELETE');
