import { getDb } from '@/db/client';
import { paged } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { listFunctionsOp } from '@/lib/functions/operations';
import { listReleases } from '@/lib/functions/service';

// GET /api/v1/functions?projectId=&name= — active releases, newest first (Page; version reservations with name)
export const GET = route(listFunctionsOp, async ({ principal, query }) =>
  paged(await listReleases(getDb(), principal.workspaceId, query)),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
