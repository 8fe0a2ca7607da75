import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { updatePinned } from '@/lib/executables/facets';
import { updateExecutablePinnedOp } from '@/lib/executables/operations';

// PATCH /api/v1/executables/{executableId}/pinned — set the console pin flag
export const PATCH = route(updateExecutablePinnedOp, async ({ principal, params, body }) =>
  ok(
    await updatePinned(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
      body.pinned,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, POST, PUT, DELETE } = otherMethods('PATCH');
