import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { updateArgs } from '@/lib/executables/facets';
import { updateExecutableArgsOp } from '@/lib/executables/operations';

// PATCH /api/v1/executables/{executableId}/args — replace the JSON-encoded args
export const PATCH = route(updateExecutableArgsOp, async ({ principal, params, body }) =>
  ok(
    await updateArgs(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
      body.args,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, POST, PUT, DELETE } = otherMethods('PATCH');
