import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { updateTrigger } from '@/lib/executables/facets';
import { updateExecutableTriggerOp } from '@/lib/executables/operations';

// PATCH /api/v1/executables/{executableId}/trigger — replace the schedule
export const PATCH = route(updateExecutableTriggerOp, async ({ principal, params, body }) =>
  ok(
    await updateTrigger(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
      body.trigger,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, POST, PUT, DELETE } = otherMethods('PATCH');
