import { getDb } from '@/db/client';
import { paged } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { listExecutionsOp } from '@/lib/executions/operations';
import { listProjectExecutions } from '@/lib/executions/queries';

// GET /api/v1/executions?projectId=&status= — a project's executions, newest first (Page)
export const GET = route(listExecutionsOp, async ({ principal, query }) =>
  paged(await listProjectExecutions(getDb(), principal.workspaceId, query)),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
