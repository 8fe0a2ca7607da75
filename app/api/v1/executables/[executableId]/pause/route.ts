import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { pauseExecutable } from '@/lib/executables/lifecycle';
import { pauseExecutableOp } from '@/lib/executables/operations';

// POST /api/v1/executables/{executableId}/pause — active → paused
export const POST = route(pauseExecutableOp, async ({ principal, params }) =>
  ok(
    await pauseExecutable(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
