// A Safe transaction (SafeTx) as owners sign it: EIP-712 typed data over the Safe's domain (chain id and the
// Safe's address, Safe ≥ 1.3.0), the signatures packed as `execTransaction` wants them (sorted by owner), and the
// module transactions Tickwork prepares (enable and disable its executor).
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  hashTypedData,
  recoverTypedDataAddress,
  zeroAddress,
} from 'viem';
import { CALL, safeAbi } from './abi';

export type SafeTx = {
  to: Address;
  value: bigint;
  data: Hex;
  operation: number;
  nonce: bigint;
};

const SAFE_TX_TYPES = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const;

/**
 * The typed data an owner's wallet signs (`eth_signTypedData_v4`). Tickwork never asks for a gas refund, so
 * safeTxGas, baseGas and gasPrice are 0 and the refund fields the zero address: whoever executes pays the gas.
 */
export function safeTxTypedData(chainId: number, safe: Address, tx: SafeTx) {
  return {
    domain: { chainId, verifyingContract: safe },
    types: SAFE_TX_TYPES,
    primaryType: 'SafeTx' as const,
    message: {
      to: tx.to,
      value: tx.value,
      data: tx.data,
      operation: tx.operation,
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      nonce: tx.nonce,
    },
  };
}

export const safeTxHash = (chainId: number, safe: Address, tx: SafeTx): Hex =>
  hashTypedData(safeTxTypedData(chainId, safe, tx));

/** The owner whose EIP-712 signature this is (a 65-byte ECDSA signature, v 27 or 28). */
export function recoverSafeTxSigner(chainId: number, safe: Address, tx: SafeTx, signature: Hex) {
  return recoverTypedDataAddress({ ...safeTxTypedData(chainId, safe, tx), signature });
}

/** Signatures packed for `execTransaction`: ordered by owner address, ascending, as the Safe checks them. */
export function packSignatures(signatures: readonly { signer: string; signature: string }[]): Hex {
  const sorted = [...signatures].sort((a, b) =>
    BigInt(a.signer) < BigInt(b.signer) ? -1 : BigInt(a.signer) > BigInt(b.signer) ? 1 : 0,
  );
  return `0x${sorted.map((s) => s.signature.slice(2)).join('')}`;
}

/** The calldata of `execTransaction` for a SafeTx with its packed signatures (sent to the Safe, value 0). */
export const execTransactionData = (tx: SafeTx, signatures: Hex): Hex =>
  encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [tx.to, tx.value, tx.data, tx.operation, 0n, 0n, 0n, zeroAddress, zeroAddress, signatures],
  });

/** `enableModule(executor)`, a call from the Safe to itself. */
export const enableModuleTx = (safe: Address, executor: Address, nonce: bigint): SafeTx => ({
  to: getAddress(safe),
  value: 0n,
  data: encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [executor] }),
  operation: CALL,
  nonce,
});

/** `disableModule(prevModule, executor)`: revokes Tickwork's access. */
export const disableModuleTx = (
  safe: Address,
  prevModule: Address,
  executor: Address,
  nonce: bigint,
): SafeTx => ({
  to: getAddress(safe),
  value: 0n,
  data: encodeFunctionData({ abi: safeAbi, functionName: 'disableModule', args: [prevModule, executor] }),
  operation: CALL,
  nonce,
});
