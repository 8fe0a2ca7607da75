import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { regenerateExecutable } from '@/lib/executables/lifecycle';
import { regenerateExecutableOp } from '@/lib/executables/operations';

// POST /api/v1/executables/{executableId}/regenerate — build a fresh sandbox
export const POST = route(regenerateExecutableOp, async ({ principal, params }) =>
  ok(
    await regenerateExecutable(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
