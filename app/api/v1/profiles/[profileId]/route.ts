import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { getProfileOp, renameProfileOp } from '@/lib/profiles/operations';
import { requireProfile, toProfile } from '@/lib/profiles/service';
import { renameProfile } from '@/lib/profiles/state-changes';

// GET /api/v1/profiles/{profileId} — one profile with its current balance
export const GET = route(getProfileOp, async ({ principal, params }) =>
  ok(await toProfile(getDb(), await requireProfile(getDb(), principal.workspaceId, params.profileId))),
);

// PATCH /api/v1/profiles/{profileId} — rename
export const PATCH = route(renameProfileOp, async ({ principal, params, body }) =>
  ok(
    await renameProfile(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.profileId,
      body.name,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { POST, PUT, DELETE } = otherMethods('GET', 'PATCH');
