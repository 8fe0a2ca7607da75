'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type Chain, defineChain } from 'viem';
import { createConfig, createStorage, custom, injected, noopStorage, WagmiProvider } from 'wagmi';

export type WalletChain = {
  chainId: number;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
};

/** The console only connects and signs: reads never go through wagmi, so its transports refuse them. */
const noReads = custom({
  request: async () => {
    throw new Error('the console does not read the chain through the wallet connection');
  },
});

function walletConfig(chains: WalletChain[]) {
  const defined = chains.map((c) =>
    defineChain({
      id: c.chainId,
      name: c.name,
      nativeCurrency: c.nativeCurrency,
      rpcUrls: { default: { http: [] } },
    }),
  );
  const [first, ...rest] = defined;
  return createConfig({
    chains: [first, ...rest] as [Chain, ...Chain[]],
    connectors: [injected()],
    multiInjectedProviderDiscovery: true,
    ssr: true,
    storage: createStorage({ storage: noopStorage }),
    transports: Object.fromEntries(defined.map((c) => [c.id, noReads])),
  });
}

/**
 * wagmi (EIP-6963 wallet discovery + the injected connector) and react-query, for the pages that connect a wallet:
 * sign-in, the Safe profile wizard and the Safe signing page.
 */
export function WalletProviders({ chains, children }: { chains: WalletChain[]; children: ReactNode }) {
  const [config] = useState(() => walletConfig(chains));
  const [queryClient] = useState(() => new QueryClient());
  return (
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
}
