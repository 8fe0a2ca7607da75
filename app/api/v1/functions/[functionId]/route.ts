import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { deleteFunctionOp, getFunctionOp } from '@/lib/functions/operations';
import { deleteRelease, requireRelease, toRelease } from '@/lib/functions/service';

// GET /api/v1/functions/{functionId} — one release
export const GET = route(getFunctionOp, async ({ principal, params }) =>
  ok(toRelease(await requireRelease(getDb(), principal.workspaceId, params.functionId))),
);

// DELETE /api/v1/functions/{functionId} — soft delete
export const DELETE = route(deleteFunctionOp, async ({ principal, params }) =>
  ok(
    await deleteRelease(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.functionId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT } = otherMethods('GET', 'DELETE');
