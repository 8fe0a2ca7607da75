import { getDb } from '@/db/client';
import { created } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { shareProfileOp } from '@/lib/profiles/operations';
import { shareProfile } from '@/lib/profiles/state-changes';

// POST /api/v1/profiles/{profileId}/share — a new profile on the same account in another project
export const POST = route(shareProfileOp, async ({ principal, params, body }) =>
  created(
    await shareProfile(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.profileId,
      body,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
