import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { unarchiveProfileOp } from '@/lib/profiles/operations';
import { unarchiveProfile } from '@/lib/profiles/state-changes';

// POST /api/v1/profiles/{profileId}/unarchive — make an archived profile active again
export const POST = route(unarchiveProfileOp, async ({ principal, params }) =>
  ok(
    await unarchiveProfile(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.profileId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
