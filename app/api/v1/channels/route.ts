import { getDb } from '@/db/client';
import { createChannelOp, listChannelsOp } from '@/lib/alerts/channel-operations';
import { createChannel, listChannels } from '@/lib/alerts/channels/service';
import { created, ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';

// GET /api/v1/channels?projectId= — the notification channels of a project
export const GET = route(listChannelsOp, async ({ principal, query }) =>
  ok(await listChannels(getDb(), principal.workspaceId, query.projectId)),
);

// POST /api/v1/channels — create a channel (a webhook's signing secret is shown in this answer only)
export const POST = route(createChannelOp, async ({ principal, body }) => {
  const db = getDb();
  return created(await createChannel(db, principal.workspaceId, body, await principalActor(db, principal)));
});

// Other methods: 405 in the API's error shape
export const { PATCH, PUT, DELETE } = otherMethods('GET', 'POST');
