import { getDb } from '@/db/client';
import { paged } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { listExecutableExecutionsOp } from '@/lib/executions/operations';
import { listExecutableExecutions } from '@/lib/executions/queries';

// GET /api/v1/executables/{executableId}/executions — the executable's executions, newest first (Page)
export const GET = route(listExecutableExecutionsOp, async ({ principal, params, query }) =>
  paged(await listExecutableExecutions(getDb(), principal.workspaceId, params.executableId, query)),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
