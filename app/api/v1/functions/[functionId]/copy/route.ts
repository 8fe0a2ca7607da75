import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { copyFunctionOp } from '@/lib/functions/operations';
import { copyRelease } from '@/lib/functions/service';

// POST /api/v1/functions/{functionId}/copy — copy into another project (201 new, 200 identical exists)
export const POST = route(copyFunctionOp, async ({ principal, params, body }) => {
  const { release, created } = await copyRelease(
    getDb(),
    principal,
    await principalActor(getDb(), principal),
    params.functionId,
    body,
  );
  return ok(release, created ? 201 : 200);
});

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
