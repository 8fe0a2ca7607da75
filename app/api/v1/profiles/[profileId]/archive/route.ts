import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { archiveProfileOp } from '@/lib/profiles/operations';
import { archiveProfile } from '@/lib/profiles/state-changes';

// POST /api/v1/profiles/{profileId}/archive — archive an active, unused profile
export const POST = route(archiveProfileOp, async ({ principal, params }) =>
  ok(
    await archiveProfile(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.profileId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
