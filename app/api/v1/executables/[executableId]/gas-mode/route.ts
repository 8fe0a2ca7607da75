import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { updateGasMode } from '@/lib/executables/facets';
import { updateExecutableGasModeOp } from '@/lib/executables/operations';

// PATCH /api/v1/executables/{executableId}/gas-mode — change the gas mode and the fee caps
export const PATCH = route(updateExecutableGasModeOp, async ({ principal, params, body }) =>
  ok(
    await updateGasMode(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
      body,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, POST, PUT, DELETE } = otherMethods('PATCH');
