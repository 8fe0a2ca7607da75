'use client';

import { useConnection, useSwitchChain } from 'wagmi';

/**
 * Asks the connected wallet to switch to `chainId` unless it is there already: wallets refuse to sign typed data
 * for another chain's domain and to send on another chain.
 */
export function useWalletOnChain() {
  const connection = useConnection();
  const { mutateAsync: switchChain } = useSwitchChain();
  return async (chainId: number) => {
    if (connection.chainId !== chainId) await switchChain({ chainId });
  };
}
