import type { ChainConfig } from '@/lib/chains/config';

/** What a browser wallet is told of a chain: never its RPC URL, which stays on the server (it may hold a key). */
export const walletChain = ({ chainId, name, nativeCurrency }: ChainConfig) => ({
  chainId,
  name,
  nativeCurrency,
});
