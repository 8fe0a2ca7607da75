import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { retryProfileOp } from '@/lib/profiles/operations';
import { retryProfileProvisioning } from '@/lib/profiles/state-changes';

// POST /api/v1/profiles/{profileId}/retry — queue provisioning of a pending legacy profile again
export const POST = route(retryProfileOp, async ({ principal, params }) =>
  ok(
    await retryProfileProvisioning(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.profileId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
