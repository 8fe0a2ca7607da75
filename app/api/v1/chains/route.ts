import { getDb } from '@/db/client';
import { notFound } from '@/lib/api/errors';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { enabledChains } from '@/lib/chains/config';
import { listChains } from '@/lib/chains/list';
import { listChainsOp } from '@/lib/chains/operations';
import { chainStatusFields } from '@/lib/gateway/health';
import { ensurePolled } from '@/lib/gateway/poller';
import { getWorkspace } from '@/lib/workspaces/service';

// GET /api/v1/chains — the deployment's enabled chains, marked with what the workspace plan may use, with
// the RPC gateway's live status of each
export const GET = route(listChainsOp, async ({ principal }) => {
  const workspace = await getWorkspace(getDb(), principal.workspaceId);
  if (!workspace) throw notFound('workspace');
  const configs = enabledChains();
  await Promise.all(configs.map((chain) => ensurePolled(chain)));
  return ok(
    listChains(workspace.plan).map((chain) => {
      const config = configs.find((c) => c.chainId === chain.chainId);
      return { ...chain, ...(config && chainStatusFields(config)) };
    }),
  );
});

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
