import { type Address, formatUnits } from 'viem';
import { publicClientFor } from '@/lib/chains/client';
import { findChain } from '@/lib/chains/config';
import { withTimeout } from '@/lib/net/timeout';

/** How long a profile read waits for the chain before it answers `balance: null`. */
const BALANCE_TIMEOUT_MS = 1_500;

export type Balance = { wei: string; formatted: string };

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
