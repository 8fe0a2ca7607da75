// What the watcher (lib/executions/watch.ts) signs after a run's first transaction: the same transaction at new
// fees, and the zero-value self-transfer that clears its nonce. The key is decrypted here, only to sign.
import { type Address, type Hex, keccak256, type PublicClient, parseTransaction } from 'viem';
import type { Fees } from '@/lib/chains/fees';
import { accountSigner } from './account';
import type { SignedBytes } from './types';

export type Resigned = { txHash: Hex; signed: SignedBytes };

/** A cancellation's gas when the node cannot estimate it: a call to a delegated account's empty `receive`. */
const CANCELLATION_GAS_FALLBACK = 60_000n;
const GAS_MARGIN_PERCENT = 120n;

async function sign(
  encryptedKey: string,
  sender: Address,
  tx: { chainId: number; nonce: number; to: Address; data: Hex; value: bigint; gas: bigint },
  fees: Fees,
): Promise<Resigned> {
  const raw = await accountSigner(encryptedKey, sender).signTransaction({ type: 'eip1559', ...tx, ...fees });
  return {
    txHash: keccak256(raw),
    signed: {
      sender: sender.toLowerCase(),
      raw,
      gasLimit: tx.gas.toString(),
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
    },
  };
}

/** `raw` again at the same nonce, with the same destination, data and gas, at `fees`. */
export function signReplacement(encryptedKey: string, sender: Address, raw: Hex, fees: Fees) {
  const tx = parseTransaction(raw);
  if (tx.chainId === undefined || tx.nonce === undefined || !tx.to || tx.gas === undefined)
    throw new Error('not a transaction Tickwork signed');
  return sign(
    encryptedKey,
    sender,
    {
      chainId: tx.chainId,
      nonce: tx.nonce,
      to: tx.to,
      data: tx.data ?? '0x',
      value: tx.value ?? 0n,
      gas: tx.gas,
    },
    fees,
  );
}

/** A zero-value transfer from the sender to itself at `nonce`: once mined, nothing else can be at that nonce. */
export async function signCancellation(
  client: PublicClient,
  encryptedKey: string,
  sender: Address,
  nonce: number,
  fees: Fees,
): Promise<Resigned> {
  const estimate = await client
    .estimateGas({ account: sender, to: sender, value: 0n })
    .catch(() => CANCELLATION_GAS_FALLBACK);
  const chainId = client.chain?.id;
  if (chainId === undefined) throw new Error('the client names no chain');
  return sign(
    encryptedKey,
    sender,
    { chainId, nonce, to: sender, data: '0x', value: 0n, gas: (estimate * GAS_MARGIN_PERCENT) / 100n },
    fees,
  );
}
