import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { deleteExecutable } from '@/lib/executables/lifecycle';
import { deleteExecutableOp, getExecutableOp } from '@/lib/executables/operations';
import { getExecutable } from '@/lib/executables/service';

// GET /api/v1/executables/{executableId} — one executable (deleted ones are 404)
export const GET = route(getExecutableOp, async ({ principal, params }) =>
  ok(await getExecutable(getDb(), principal.workspaceId, params.executableId)),
);

// DELETE /api/v1/executables/{executableId} — paused, provisioning or error → deleted
export const DELETE = route(deleteExecutableOp, async ({ principal, params }) =>
  ok(
    await deleteExecutable(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT } = otherMethods('GET', 'DELETE');
