import { getDb } from '@/db/client';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { requestFunctionSwitch } from '@/lib/executables/lifecycle';
import { switchExecutableFunctionOp } from '@/lib/executables/operations';

// PATCH /api/v1/executables/{executableId}/function — switch a paused executable's release (202, built async)
export const PATCH = route(switchExecutableFunctionOp, async ({ principal, params, body, requestId }) => ({
  status: 202,
  body: await requestFunctionSwitch(
    getDb(),
    principal.workspaceId,
    await principalActor(getDb(), principal),
    params.executableId,
    body,
    requestId,
  ),
}));

// Other methods: 405 in the API's error shape
export const { GET, POST, PUT, DELETE } = otherMethods('PATCH');
