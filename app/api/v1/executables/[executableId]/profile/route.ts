import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { updateProfile } from '@/lib/executables/facets';
import { updateExecutableProfileOp } from '@/lib/executables/operations';

// PATCH /api/v1/executables/{executableId}/profile — send with another profile
export const PATCH = route(updateExecutableProfileOp, async ({ principal, params, body }) =>
  ok(
    await updateProfile(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
      body.profileId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, POST, PUT, DELETE } = otherMethods('PATCH');
