import { handleExecution } from '@/lib/gateway/handle';

// POST {rpc_url}/{network}/{RPC_API_KEY} — the RPC gateway's JSON-RPC 2.0 execution endpoint; docs/gateway.md
export const dynamic = 'force-dynamic';

export async function POST(req: Request, ctx: { params: Promise<{ network: string; key: string }> }) {
  const { network, key } = await ctx.params;
  return handleExecution(req, network, key);
}
