import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { updateExecutableArgsOp } from '@/lib/executables/operations';
import { updateArgs } from '@/lib/executables/service';

// PATCH /api/v1/executables/{executableId}/args — replace the JSON-encoded args
export const PATCH = route(updateExecutableArgsOp, async ({ principal, params, body }) =>
  ok(await updateArgs(getDb(), principal.workspaceId, params.executableId, body.args)),
);

// Other methods: 405 in the API's error shape
export const { GET, POST, PUT, DELETE } = otherMethods('PATCH');
