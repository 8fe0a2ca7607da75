import { BaseError } from 'viem';
import type { Connector } from 'wagmi';

/** EIP-6963 wallets first; the generic injected connector only when nothing announced itself. */
export function usableWallets(connectors: readonly Connector[]): Connector[] {
  const announced = connectors.filter((c) => c.id !== 'injected');
  if (announced.length > 0) return announced;
  return 'ethereum' in window ? connectors.filter((c) => c.id === 'injected') : [];
}

/** A wallet failure as one readable sentence: a declined request, viem's short message, or the error's own. */
export function describeWalletError(error: unknown, fallback = 'The wallet request failed.'): string {
  if (error instanceof BaseError) {
    const rejected = error.walk((e) => (e as { code?: unknown }).code === 4001);
    if (rejected) return 'The request was declined in your wallet.';
    return error.shortMessage;
  }
  return error instanceof Error ? error.message : fallback;
}
