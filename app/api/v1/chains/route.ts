import { getDb } from '@/db/client';
import { notFound } from '@/lib/api/errors';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { listChains } from '@/lib/chains/list';
import { listChainsOp } from '@/lib/chains/operations';
import { getWorkspace } from '@/lib/workspaces/service';

// GET /api/v1/chains — the deployment's enabled chains, marked with what the workspace plan may use
export const GET = route(listChainsOp, async ({ principal }) => {
  const workspace = await getWorkspace(getDb(), principal.workspaceId);
  if (!workspace) throw notFound('workspace');
  return ok(listChains(workspace.plan));
});

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
