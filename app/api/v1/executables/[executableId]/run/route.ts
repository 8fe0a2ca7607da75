import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { runExecutableOp } from '@/lib/executables/operations';
import { requestRun } from '@/lib/executions/queue';

// POST /api/v1/executables/{executableId}/run — queues a real execution (the pending record)
export const POST = route(runExecutableOp, async ({ principal, params }) =>
  ok(await requestRun(getDb(), principal.workspaceId, params.executableId, false)),
);

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
