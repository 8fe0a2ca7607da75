import { getDb } from '@/db/client';
import { created, paged } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';
import { createExecutableOp, listExecutablesOp } from '@/lib/executables/operations';
import { createExecutable, listExecutables } from '@/lib/executables/service';

// GET /api/v1/executables?projectId= — the project's executables, newest first, deleted excluded (Page)
export const GET = route(listExecutablesOp, async ({ principal, query }) =>
  paged(await listExecutables(getDb(), principal.workspaceId, query)),
);

// POST /api/v1/executables — create an executable (provisioning until its sandbox is built)
export const POST = route(createExecutableOp, async ({ principal, body }) =>
  created(
    await createExecutable(getDb(), principal.workspaceId, await principalActor(getDb(), principal), body),
  ),
);

// Other methods: 405 in the API's error shape
export const { PATCH, PUT, DELETE } = otherMethods('GET', 'POST');
