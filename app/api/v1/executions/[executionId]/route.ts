import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { getExecutionOp } from '@/lib/executions/operations';
import { readExecution } from '@/lib/executions/queries';

// GET /api/v1/executions/{executionId} — one execution
export const GET = route(getExecutionOp, async ({ principal, params }) =>
  ok(await readExecution(getDb(), principal.workspaceId, params.executionId)),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
