import { getDb } from '@/db/client';
import { paged } from '@/lib/api/reply';
import { route } from '@/lib/api/route';
import { listExecutionsOp } from '@/lib/executions/operations';
import { listProjectExecutions } from '@/lib/executions/queries';

// GET /api/v1/executions?projectId=&status= — a project's executions, newest first (Page)
export const GET = route(listExecutionsOp, async ({ principal, query }) =>
  paged(await listProjectExecutions(getDb(), principal.workspaceId, query)),
);
