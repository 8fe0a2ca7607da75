import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { simulateExecutableOp } from '@/lib/executables/operations';
import { requestRun } from '@/lib/executions/queue';

// POST /api/v1/executables/{executableId}/simulate — queues a dry run that submits nothing
export const POST = route(simulateExecutableOp, async ({ principal, params }) =>
  ok(await requestRun(getDb(), principal.workspaceId, params.executableId, true)),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
