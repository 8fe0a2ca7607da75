import { getDb } from '@/db/client';
import { created, ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { createSecretOp, listSecretsOp } from '@/lib/secrets/operations';
import { createSecret, listSecrets } from '@/lib/secrets/service';

// GET /api/v1/secrets?projectId= — secret metadata of a project
export const GET = route(listSecretsOp, async ({ principal, query }) =>
  ok(await listSecrets(getDb(), principal.workspaceId, query.projectId)),
);

// POST /api/v1/secrets — create a write-only secret
export const POST = route(createSecretOp, async ({ principal, body }) =>
  created(await createSecret(getDb(), principal.workspaceId, await principalActor(getDb(), principal), body)),
);

// Other methods: 405 in the API's error shape
export const { PATCH, PUT, DELETE } = otherMethods('GET', 'POST');
