import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { updateSponsorshipProvider } from '@/lib/executables/facets';
import { updateExecutableSponsorshipProviderOp } from '@/lib/executables/operations';

// PATCH /api/v1/executables/{executableId}/sponsorship-provider — choose the sponsorship provider
export const PATCH = route(updateExecutableSponsorshipProviderOp, async ({ principal, params, body }) =>
  ok(
    await updateSponsorshipProvider(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
      body.sponsorshipProvider,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, POST, PUT, DELETE } = otherMethods('PATCH');
