import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { getUsageOp } from '@/lib/usage/operations';
import { getUsage } from '@/lib/usage/service';

// GET /api/v1/usage — current cycle usage, projection and plan limits
export const GET = route(getUsageOp, async ({ principal }) =>
  ok(await getUsage(getDb(), principal.workspaceId)),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
