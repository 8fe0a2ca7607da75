import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { listExecutionLogsOp } from '@/lib/executions/operations';
import { listExecutionLogs } from '@/lib/executions/queries';

// GET /api/v1/executions/{executionId}/logs — the execution's logs in order (Array)
export const GET = route(listExecutionLogsOp, async ({ principal, params }) =>
  ok(await listExecutionLogs(getDb(), principal.workspaceId, params.executionId)),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
