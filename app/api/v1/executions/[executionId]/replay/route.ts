import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { getExecutionReplayOp } from '@/lib/executions/operations';
import { replayRecord } from '@/lib/executions/replay';

// GET /api/v1/executions/{executionId}/replay — what the run saw (release code, args, storage before, secret names);
// args and storage only for a key with storage:read
export const GET = route(getExecutionReplayOp, async ({ principal, params }) =>
  ok(
    await replayRecord(getDb(), principal.workspaceId, params.executionId, {
      canReadStorage: principal.scopes.has('storage:read'),
    }),
  ),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
