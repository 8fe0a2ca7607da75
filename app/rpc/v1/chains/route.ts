import { handleDiscovery } from '@/lib/gateway/discovery';

// GET {rpc_url}/v1/chains — RPC gateway chain discovery (header `apikey`); docs/gateway.md
export const dynamic = 'force-dynamic';

export const GET = (req: Request) => handleDiscovery(req);
