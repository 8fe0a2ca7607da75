// What the watcher (lib/executions/watch-user-operation.ts) does with a user operation the bundler has not
// included: reads its receipt and the account's EntryPoint nonce, sends it again, and signs it anew at the same
// nonce — re-priced (the paymaster signs the new fees again), or as the empty batch that clears the nonce (the
// cancellation: once included, the run's calls can never run). The key is decrypted only to sign.
import type { Hex } from 'viem';
import { UserOperationReceiptNotFoundError } from 'viem/account-abstraction';
import type { SponsorshipProvider } from '@/db/enums';
import type { ChainConfig } from '@/lib/chains/config';
import type { Fees, Market } from '@/lib/chains/fees';
import { userOperationRoute } from './gas-providers';
import { encodeBatch } from './legacy';
import type { Resigned } from './resign';
import {
  bundlerLink,
  entryPointReadAbi,
  parseOperation,
  type SignedOperation,
} from './user-operation-bundler';

/** The 192-bit key of a full ERC-4337 nonce (its sequence is the low 64 bits). */
const keyOf = (nonce: bigint) => nonce >> 64n;

/**
 * The bundler a recorded operation goes back to: the one its gas mode reaches now, with the paymaster when the
 * operation had one (a sponsored operation stays sponsored, a self-funded one self-funded).
 */
export function userOperationKeeper({
  chain,
  encryptedKey,
  sponsorshipProvider,
  raw,
  timeoutMs,
}: {
  chain: ChainConfig;
  encryptedKey: string;
  sponsorshipProvider: SponsorshipProvider | null;
  /** Any of the run's recorded operations: its sender and whether it was sponsored. */
  raw: string;
  /** How long one request to the chain, the bundler or the paymaster may take. */
  timeoutMs: number;
}) {
  const recorded = parseOperation(raw);
  const route = userOperationRoute(
    chain,
    recorded.paymaster ? 'sponsored' : 'self-funded',
    sponsorshipProvider,
  );
  const link = bundlerLink({ ...route, chain, address: recorded.sender, encryptedKey, timeoutMs });

  /** The operation's receipt once a bundle included it; null before (or when the bundler never saw it). */
  async function receipt(userOpHash: Hex) {
    try {
      return await link.bundler.getUserOperationReceipt({ hash: userOpHash });
    } catch (error) {
      if (error instanceof UserOperationReceiptNotFoundError) return null;
      throw error;
    }
  }

  /** Whether the account's nonce under the run's key went past the run's: something was included at it. */
  async function nonceUsed(op: SignedOperation) {
    const next = await link.client.readContract({
      address: link.entryPoint().address,
      abi: entryPointReadAbi,
      functionName: 'getNonce',
      args: [op.sender, keyOf(op.nonce)],
    });
    return next > op.nonce;
  }

  /** What the bundler prices an operation at now, as a market: its max fee is the base fee plus the tip. */
  async function market(): Promise<Market> {
    const price = await link.price();
    return { baseFee: price.maxFeePerGas - price.maxPriorityFeePerGas, tip: price.maxPriorityFeePerGas };
  }

  /** `op` at `fees` (and `callData`), the paymaster's signature fetched again for it, signed by the account. */
  async function resign(op: SignedOperation, fees: Fees, callData: Hex = op.callData): Promise<Resigned> {
    let next: SignedOperation = { ...op, ...fees, callData, signature: '0x' };
    if (link.paymaster && op.paymaster) {
      const sponsorship = await link.paymaster.getPaymasterData({
        ...next,
        chainId: chain.chainId,
        entryPointAddress: link.entryPoint().address,
        context: link.paymasterContext,
      });
      next = { ...next, ...sponsorship } as SignedOperation;
    }
    const { userOpHash, bytes } = await link.sign(next);
    return { txHash: userOpHash, signed: bytes };
  }

  return {
    receipt,
    nonceUsed,
    market,
    /** Sent to the bundler again, as it is (SubmissionError `bundler_rejected` or `broadcast_unknown`). */
    send: (raw: string, userOpHash: Hex) => link.send(parseOperation(raw), userOpHash),
    replacement: (raw: string, fees: Fees) => resign(parseOperation(raw), fees),
    /** The empty batch at the same nonce: included, it clears the nonce and the run's calls never run. */
    cancellation: (raw: string, fees: Fees) => resign(parseOperation(raw), fees, encodeBatch([])),
  };
}

export type UserOperationKeeper = ReturnType<typeof userOperationKeeper>;
