// Messages a Safe signed on chain: its owners execute a SafeTx that delegatecalls SignMessageLib, which sets
// `signedMessages[hash]` in the Safe's own storage. Only a transaction the owners signed up to the threshold can
// write there, so a signed message is a record of the owners' consent that anyone can read back from the chain.
import { type Address, encodeFunctionData, type Hex, hashTypedData } from 'viem';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import { DELEGATE_CALL, safeAbi, signMessageLibAbi } from './abi';
import type { SafeTx } from './transaction';

/** The hash the Safe keys `signedMessages` by: EIP-712 `SafeMessage(bytes message)` over the Safe's domain. */
const safeMessageHash = (chainId: number, safe: Address, message: Hex): Hex =>
  hashTypedData({
    domain: { chainId, verifyingContract: safe },
    types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'SafeMessage',
    message: { message },
  });

/** The SafeTx that records `message` as signed by the Safe (a delegatecall to SignMessageLib). */
export const signMessageTx = (signMessageLib: Address, message: Hex, nonce: bigint): SafeTx => ({
  to: signMessageLib,
  value: 0n,
  data: encodeFunctionData({ abi: signMessageLibAbi, functionName: 'signMessage', args: [message] }),
  operation: DELEGATE_CALL,
  nonce,
});

/** Whether the Safe has signed `message` on chain, read now (throws when the chain does not answer). */
export async function isMessageSignedBySafe(chain: ChainConfig, safe: Address, message: Hex) {
  const signed = await publicClientFor(chain).readContract({
    address: safe,
    abi: safeAbi,
    functionName: 'signedMessages',
    args: [safeMessageHash(chain.chainId, safe, message)],
  });
  return signed !== 0n;
}
