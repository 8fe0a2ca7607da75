import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { deleteSecretOp, rotateSecretOp } from '@/lib/secrets/operations';
import { deleteSecret, rotateSecret } from '@/lib/secrets/service';

// PATCH /api/v1/secrets/{secretId} — rotate the value
export const PATCH = route(rotateSecretOp, async ({ principal, params, body }) =>
  ok(
    await rotateSecret(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.secretId,
      body.value,
    ),
  ),
);

// DELETE /api/v1/secrets/{secretId} — delete the secret and its value
export const DELETE = route(deleteSecretOp, async ({ principal, params }) =>
  ok(
    await deleteSecret(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.secretId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, POST, PUT } = otherMethods('PATCH', 'DELETE');
