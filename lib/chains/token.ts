// An ERC-20 token's symbol and decimals, read from chain: what the console shows next to an amount typed in the
// token's smallest unit. Each read has a deadline; a contract that is not a token answers null.
import { type Address, erc20Abi } from 'viem';
import { publicClientFor } from './client';
import type { ChainConfig } from './config';

const READ_TIMEOUT_MS = 5_000;

export type TokenInfo = { symbol: string; decimals: number };

export async function readTokenInfo(chain: ChainConfig, token: Address): Promise<TokenInfo | null> {
  const client = publicClientFor(chain, { timeoutMs: READ_TIMEOUT_MS });
  try {
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
      client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
    ]);
    // a symbol is shown as text: keep it short and printable
    const shown = symbol.replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, 16);
    return decimals <= 36 && shown ? { symbol: shown, decimals } : null;
  } catch {
    return null;
  }
}
