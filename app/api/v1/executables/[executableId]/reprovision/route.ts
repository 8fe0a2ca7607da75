import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { reprovisionExecutable } from '@/lib/executables/lifecycle';
import { reprovisionExecutableOp } from '@/lib/executables/operations';

// POST /api/v1/executables/{executableId}/reprovision — error → provisioning
export const POST = route(reprovisionExecutableOp, async ({ principal, params }) =>
  ok(
    await reprovisionExecutable(
      getDb(),
      principal.workspaceId,
      await principalActor(getDb(), principal),
      params.executableId,
    ),
  ),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
