'use client';

import { useEffect, useState } from 'react';
import { formatUnits, isAddress } from 'viem';
import type { TokenInfo } from '@/lib/chains/token';
import { readTokenAction } from '../actions';

/** What the console knows of the token at an address: still reading, its symbol and decimals, or not a token. */
export type TokenLookup =
  | { state: 'none' }
  | { state: 'reading' }
  | { state: 'token'; token: TokenInfo }
  | { state: 'unknown' };

/** The symbol and decimals of the token typed in `address` (read from chain once per address). */
export function useTokenInfo(workspaceSlug: string, chainId: number, address: string): TokenLookup {
  const [lookups, setLookups] = useState<Record<string, TokenLookup>>({});
  const key = address.trim().toLowerCase();
  const valid = isAddress(key, { strict: false });
  useEffect(() => {
    if (!valid || lookups[key]) return;
    setLookups((l) => ({ ...l, [key]: { state: 'reading' } }));
    readTokenAction(workspaceSlug, { chainId, address: key }).then((result) =>
      setLookups((l) => ({
        ...l,
        [key]: result.ok && result.data ? { state: 'token', token: result.data } : { state: 'unknown' },
      })),
    );
  }, [key, valid, lookups, workspaceSlug, chainId]);
  return valid ? (lookups[key] ?? { state: 'reading' }) : { state: 'none' };
}

/** "= 10 TICK" for an amount in the token's smallest unit; null when either is not known. */
export function amountInTokens(amount: string | undefined, lookup: TokenLookup): string | null {
  if (lookup.state !== 'token' || !amount || !/^\d{1,78}$/.test(amount.trim())) return null;
  return `= ${formatUnits(BigInt(amount.trim()), lookup.token.decimals)} ${lookup.token.symbol}`;
}
