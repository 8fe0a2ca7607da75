import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { getFunctionSourceOp } from '@/lib/functions/operations';
import { readSource } from '@/lib/functions/service';

// GET /api/v1/functions/{functionId}/source — the bundle's files
export const GET = route(getFunctionSourceOp, async ({ principal, params }) =>
  ok(await readSource(getDb(), principal.workspaceId, params.functionId)),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
