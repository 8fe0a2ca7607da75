import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { updateSecrets } from '@/lib/executables/facets';
import { updateExecutableSecretsOp } from '@/lib/executables/operations';

// PATCH /api/v1/executables/{executableId}/secrets — replace the secret bindings
export const PATCH = route(updateExecutableSecretsOp, async ({ principal, params, body }) =>
  ok(
    await updateSecrets(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
      body.secretBindings,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, POST, PUT, DELETE } = otherMethods('PATCH');
