import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { resumeExecutable } from '@/lib/executables/lifecycle';
import { resumeExecutableOp } from '@/lib/executables/operations';

// POST /api/v1/executables/{executableId}/resume — paused → active (permissions rechecked)
export const POST = route(resumeExecutableOp, async ({ principal, params }) =>
  ok(
    await resumeExecutable(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
