import { getDb } from '@/db/client';
import { errorResponse } from '@/lib/api/error-response';
import { enabledChains } from '@/lib/chains/config';
import { publicOrigin } from '@/lib/console/origin';
import { newId } from '@/lib/ids';
import { chainEndpoint, gatewayBaseUrl } from './config';
import { admitRpcKey } from './handle';
import { chainStatus } from './health';
import { ensurePolled } from './poller';

/** The spec's discovery entry: exactly these fields. */
export type DiscoveryEntry = {
  chain: string;
  endpoint: string;
  chainId: number;
  blockNumber?: number;
  syncing: boolean;
  protocols: string[];
  provider: string;
};

/** `GET {rpc_url}/v1/chains` with header `apikey`: every enabled chain with its execution endpoint. */
export async function handleDiscovery(req: Request): Promise<Response> {
  const requestId = newId('request');
  try {
    return await discover(req, requestId);
  } catch (error) {
    return errorResponse(error, requestId, {}, 'rpc discovery');
  }
}

async function discover(req: Request, requestId: string): Promise<Response> {
  const admitted = await admitRpcKey(getDb(), req.headers.get('apikey'), requestId);
  if (admitted instanceof Response) return admitted;
  const base = gatewayBaseUrl(publicOrigin(req));
  const chains = enabledChains();
  await Promise.all(chains.map((chain) => ensurePolled(chain)));
  const entries = chains.map((chain): DiscoveryEntry => {
    const status = chainStatus(chain);
    return {
      chain: chain.network,
      endpoint: chainEndpoint(base, chain.network),
      chainId: chain.chainId,
      ...(status.blockNumber !== null && { blockNumber: status.blockNumber }),
      syncing: status.syncing,
      protocols: ['jsonrpc'],
      provider: 'tickwork',
    };
  });
  return Response.json(
    { chains: entries },
    { headers: { ...admitted.headers, 'X-Request-Id': requestId, 'Cache-Control': 'no-store' } },
  );
}
