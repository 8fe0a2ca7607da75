import { getDb } from '@/db/client';
import { created, paged } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { createProfileOp, listProfilesOp } from '@/lib/profiles/operations';
import { createLegacyProfile, listProfiles } from '@/lib/profiles/service';

// GET /api/v1/profiles?projectId= — the project's profiles, newest first (Page)
export const GET = route(listProfilesOp, async ({ principal, query }) =>
  paged(await listProfiles(getDb(), principal.workspaceId, query)),
);

// POST /api/v1/profiles — create a legacy profile (pending until provisioned)
export const POST = route(createProfileOp, async ({ principal, body }) =>
  created(
    await createLegacyProfile(getDb(), principal.workspaceId, await principalActor(getDb(), principal), body),
  ),
);

// Other methods: 405 in the API's error shape
export const { PATCH, PUT, DELETE } = otherMethods('GET', 'POST');
