// `npx tsx scripts/rpc-gateway.ts`: the RPC gateway as a separate process (docs/gateway.md). Needs DATABASE_URL
// and the app's TICKWORK_CHAINS; listens on TICKWORK_RPC_PORT (8546) at TICKWORK_RPC_HOST (127.0.0.1). Set
// TICKWORK_RPC_URL to its public address so that discovery advertises it.

import { startGatewayHealthPoller } from '@/lib/gateway/poller';
import { createGatewayServer } from '@/lib/gateway/server';
import { log } from '@/lib/log';

const port = Number(process.env.TICKWORK_RPC_PORT ?? 8546);
const host = process.env.TICKWORK_RPC_HOST ?? '127.0.0.1';
const server = createGatewayServer();
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  if (process.env.TICKWORK_RPC_HEALTH_POLLER !== 'off') startGatewayHealthPoller();
  log.info({ port, host }, 'RPC gateway listening');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
