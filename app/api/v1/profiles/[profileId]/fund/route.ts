import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { fundProfile } from '@/lib/profiles/dev-funding';
import { fundProfileOp } from '@/lib/profiles/operations';

// POST /api/v1/profiles/{profileId}/fund — dev chain only: top up a profile's account
export const POST = route(fundProfileOp, async ({ principal, params, body }) =>
  ok(await fundProfile(getDb(), principal.workspaceId, params.profileId, body.amount)),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
