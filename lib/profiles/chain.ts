import {
  type Address,
  type Chain,
  createPublicClient,
  defineChain,
  formatUnits,
  http,
  type PublicClient,
  type Transport,
} from 'viem';
import { type ChainConfig, findChain } from '@/lib/chains/config';
import { observePlatformRpc } from '@/lib/metrics/observe';

/** How long a profile read waits for the chain before it answers `balance: null`. */
export const BALANCE_TIMEOUT_MS = 1_500;

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

export type Balance = { wei: string; formatted: string };

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

/**
 * The native balances of accounts, read at request time. Any failure (chain not enabled, RPC down or slow)
 * gives null for that account: a profile read never fails because of the chain.
 */
export async function readBalances(
  accounts: { chainId: number; address: string }[],
): Promise<Map<string, Balance | null>> {
  const unique = new Map(accounts.map((a) => [balanceKey(a), a]));
  const entries = await Promise.all(
    [...unique].map(async ([key, { chainId, address }]) => {
      const chain = findChain(chainId);
      if (!chain) return [key, null] as const;
      try {
        const client = publicClientFor(chain, { timeoutMs: BALANCE_TIMEOUT_MS });
        const wei = await withTimeout(client.getBalance({ address: address as Address }), BALANCE_TIMEOUT_MS);
        const { decimals, symbol } = chain.nativeCurrency;
        return [key, { wei: wei.toString(), formatted: `${formatUnits(wei, decimals)} ${symbol}` }] as const;
      } catch {
        return [key, null] as const;
      }
    }),
  );
  return new Map(entries);
}

export const balanceKey = (a: { chainId: number; address: string }) =>
  `${a.chainId}:${a.address.toLowerCase()}`;
