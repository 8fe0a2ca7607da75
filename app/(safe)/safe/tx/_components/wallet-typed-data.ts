import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';

/** The SafeTx typed data as a wallet signs it: the view's decimal strings back to the integers they stand for. */
export function walletTypedData({ typedData }: SafeTransactionView) {
  const { message } = typedData;
  return {
    ...typedData,
    message: {
      ...message,
      value: BigInt(message.value),
      safeTxGas: BigInt(message.safeTxGas),
      baseGas: BigInt(message.baseGas),
      gasPrice: BigInt(message.gasPrice),
      nonce: BigInt(message.nonce),
    },
  };
}
