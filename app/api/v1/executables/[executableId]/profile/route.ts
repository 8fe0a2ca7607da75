import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { updateExecutableProfileOp } from '@/lib/executables/operations';
import { updateProfile } from '@/lib/executables/service';

// PATCH /api/v1/executables/{executableId}/profile — send with another profile
export const PATCH = route(updateExecutableProfileOp, async ({ principal, params, body }) =>
  ok(await updateProfile(getDb(), principal.workspaceId, params.executableId, body.profileId)),
);

// Other methods: 405 in the API's error shape
export const { GET, POST, PUT, DELETE } = otherMethods('PATCH');
