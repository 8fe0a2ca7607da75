// The contract between the execution engine and a submitter: simulate a batch of calls from a profile's
// account, submit it (the transaction hash is handed back before broadcast so it can be recorded first), and
// confirm it. One implementation per profile kind and gas mode; `submitterFor` picks it.
import type { Hex } from 'viem';
import type { BroadcastEnvelope, BroadcastRoute } from '@/db/enums';
import type { PlannedCall } from '@/lib/runtime/task-types';

/** A refusal or failure with a stable code and a message fit for the execution record (no RPC URLs, no keys). */
export class SubmissionError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SubmissionError';
  }
}

/** The chain needs a higher fee than the run's cap allows: nothing was signed (the executable is held). */
export class FeeCapExceeded extends SubmissionError {
  constructor(
    readonly requiredWei: bigint,
    message: string,
  ) {
    super('fee_cap_exceeded', message);
  }
}

export type Simulation = { gasEstimate: string };

/**
 * What the run records of a signed transaction (or user operation) before it is sent
 * (lib/executions/broadcasts.ts): the sender, the signed bytes (sent again as they are if a pool drops them) and
 * the bid. Amounts are decimal wei.
 */
export type SignedBytes = {
  /** Default `transaction`. */
  envelope?: BroadcastEnvelope;
  sender: string;
  /** A transaction's serialized bytes (hex); a user operation's RPC form (JSON). */
  raw: string;
  gasLimit: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  /** Where it goes (default public) and, sent privately, the block from which it may go public too. */
  route?: BroadcastRoute;
  publicAfterBlock?: number | null;
};

/**
 * Signed but maybe not yet broadcast: recorded on the execution before the broadcast. A transaction submitter
 * knows its `txHash` up front; a user-operation submitter knows the `userOpHash` (the bundle's transaction hash
 * comes with the receipt). `nonce` is the sender's: the account's transaction nonce, or its ERC-4337 nonce.
 */
export type SignedTransaction = { txHash: Hex; userOpHash?: undefined; nonce: number; signed: SignedBytes };
export type SignedUserOperation = { userOpHash: Hex; txHash?: undefined; nonce: number; signed: SignedBytes };
export type SignedSubmission = SignedTransaction | SignedUserOperation;

/** The hash `confirm` takes: the user operation's when there is one, else the transaction's. */
export const submissionHash = (s: { txHash?: string | null; userOpHash?: string | null }) =>
  (s.userOpHash ?? s.txHash ?? null) as Hex | null;

export type Confirmation =
  | {
      status: 'confirmed' | 'reverted';
      /** The mined transaction (for a user operation: the bundle that carried it). */
      txHash: Hex;
      gasUsed: string;
      effectiveGasPrice: string;
      blockNumber: number;
      /** For a reverted batch: which call failed and why, when it can be decoded. */
      error?: { code: string; message: string };
    }
  /** No receipt within the wait: the execution becomes submitted_unknown (reconciled later); echoes the hash. */
  | { status: 'unknown'; txHash: Hex };

export interface Submitter<Signed extends SignedSubmission = SignedSubmission> {
  /** Simulates the whole batch from the account (eth_call + gas estimate); throws SubmissionError on revert. */
  simulate(calls: PlannedCall[]): Promise<Simulation>;
  /**
   * Signs the batch, awaits `onSigned` (the caller records the hash), then broadcasts. Nonces are serialised per
   * account across processes, one transaction in flight per account. Throws SubmissionError when the broadcast is
   * refused, FeeCapExceeded before signing when the chain needs more than the cap.
   */
  submit(calls: PlannedCall[], onSigned: (signed: Signed) => Promise<void>): Promise<Signed>;
  /** Waits up to `timeoutMs` for the receipt of a submission (`submissionHash` of what `submit` answered). */
  confirm(hash: Hex, timeoutMs: number): Promise<Confirmation>;
}
