import { type Chain, createPublicClient, defineChain, http, type PublicClient, type Transport } from 'viem';
import type { ChainConfig } from '@/lib/chains/config';
import { observePlatformRpc } from '@/lib/metrics/observe';

// The platform's own read clients of the enabled chains (profiles, Safes, Roles, submitters, reconciliation).
export const viemChain = (config: ChainConfig): Chain =>
  defineChain({
    id: config.chainId,
    name: config.name,
    nativeCurrency: config.nativeCurrency,
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });

const clients = new Map<string, PublicClient<Transport, Chain>>();

/**
 * A read client per enabled chain (JSON-RPC batching on, so a page of balances is one request per chain); its
 * calls are counted in `tickwork_platform_rpc_requests_total`.
 * Receipts are polled every 250 ms: local chains mine at once and real ones are not hurried by a slower poll.
 */
export function publicClientFor(config: ChainConfig, opts: { timeoutMs?: number } = {}) {
  const key = `${config.chainId}:${config.rpcUrl}:${opts.timeoutMs ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = createPublicClient({
      chain: viemChain(config),
      pollingInterval: 250,
      transport: http(config.rpcUrl, {
        batch: true,
        onFetchRequest: (_request, init) => observePlatformRpc(config.chainId, init.body),
        ...(opts.timeoutMs !== undefined && { timeout: opts.timeoutMs, retryCount: 0 }),
      }),
    });
    clients.set(key, client);
  }
  return client;
}
