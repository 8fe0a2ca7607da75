import type { ChainConfig } from '@/lib/chains/config';

/** A chain config for in-process gateway tests on a test's own upstream (anvil's chain id unless given). */
export const ownChain = (rpcUrl: string, over: Partial<ChainConfig> = {}): ChainConfig => ({
  chainId: 31337,
  name: 'own',
  network: 'own',
  rpcUrl,
  testnet: true,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  explorerUrl: null,
  ...over,
});
