// The submitter of a legacy profile whose gas is paid through ERC-4337: the profile's EOA, EIP-7702-delegated to
// Simple7702Account (a 4337 account for EntryPoint 0.8), sends a user operation whose callData is
// `executeBatch(calls)` — atomic like the self-paid batch. With a paymaster (gas mode `sponsored`) the paymaster
// pays; without one (`self-funded`) the account pays the EntryPoint's prefund from its own balance.
import { randomBytes } from 'node:crypto';
import { type Address, BaseError, decodeFunctionData, formatUnits, type Hex, parseAbi } from 'viem';
import { InsufficientPrefundError } from 'viem/account-abstraction';
import type { ChainConfig } from '@/lib/chains/config';
import { feePolicyOf } from '@/lib/chains/fee-policy';
import { ceilingOf, effectiveCap, type FeeCaps } from '@/lib/chains/fees';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { requireDelegation } from './account';
import { encodeBatch } from './legacy';
import { chainFailure, describeBatchRevert, isRevert, isTransportFailure, revertDataOf } from './revert';
import {
  type Confirmation,
  FeeCapExceeded,
  type SignedUserOperation,
  SubmissionError,
  type Submitter,
} from './types';
import {
  bundlerLink,
  entryPointReadAbi,
  maxGas,
  type SignedOperation,
  sequenceOf,
} from './user-operation-bundler';

export type UserOperationSubmitterOptions = {
  chain: ChainConfig;
  address: Address;
  encryptedKey: string;
  bundlerUrl: string;
  /** An ERC-7677 paymaster (gas mode `sponsored`), or null: the account pays its own prefund (`self-funded`). */
  paymasterUrl: string | null;
  /** ERC-7677 `context` passed to the paymaster (e.g. Alchemy's `{ policyId }`). */
  paymasterContext?: Record<string, unknown>;
  /**
   * `bundler`: the user operation's fees from `pimlico_getUserOperationGasPrice` (alto and Pimlico refuse
   * operations priced below it); `node`: the chain node's fee estimate (viem's default).
   */
  fees?: 'bundler' | 'node';
  /** The target a batch call really reaches, for revert messages (a roles profile's calls go through its modifier). */
  targetOf?: (call: { target: Address; data: Hex }) => Address;
  /** The call gas a batch needs at least (see the legacy submitter's `gasFloor`); the bundler estimates the rest. */
  callGasFloor?: (callData: Hex) => Promise<bigint>;
  /** The executable's caps on what the operation bids (the chain's default cap when unset), as for a transaction. */
  caps?: FeeCaps;
};

const accountAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
]);

/**
 * The execution's revert data as a bundler words it (alto: "UserOperation reverted during simulation with
 * reason: 0x…"); the JSON-RPC error carries no `data` for it.
 */
function bundlerRevertData(error: BaseError): Hex | undefined {
  const match = /with reason: (0x[0-9a-fA-F]*)/.exec(`${error.details ?? ''} ${error.shortMessage}`);
  return match ? (match[1] as Hex) : undefined;
}

/**
 * A fresh ERC-4337 nonce key (64 random bits) per user operation: each key has its own sequence on the
 * EntryPoint, so operations of one account in flight at once never claim the same nonce, with no lock.
 */
const freshNonceKey = () => BigInt(`0x${randomBytes(8).toString('hex')}`) || 1n;

export function userOperationSubmitter({
  callGasFloor,
  targetOf = (call) => call.target,
  caps,
  ...route
}: UserOperationSubmitterOptions): Submitter<SignedUserOperation> {
  const { chain, address, paymasterUrl } = route;
  const link = bundlerLink({ ...route, fees: route.fees ?? 'node' });
  const { client, bundler, entryPoint } = link;
  const sponsored = paymasterUrl !== null;
  const formatWei = (wei: bigint) =>
    `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`;

  /**
   * The checks and the filling of a user operation: the account is delegated (else viem would sign a fresh
   * authorization) and can pay the calls' value; the bundler estimates the gas (a reverting batch fails here),
   * the paymaster signs its sponsorship; a self-funded account must hold the prefund the EntryPoint will take.
   */
  async function prepare(calls: PlannedCall[]) {
    if (calls.length === 0) throw new SubmissionError('empty_batch', 'the batch has no calls');
    const ep = entryPoint();
    const [balance] = await Promise.all([
      client.getBalance({ address }).catch((error) => {
        throw chainFailure('simulation_failed', 'reading the account balance', error);
      }),
      requireDelegation(client, chain, address),
    ]);
    const value = calls.reduce((sum, c) => sum + BigInt(c.value), 0n);
    if (balance < value)
      throw new SubmissionError(
        'insufficient_funds',
        `the profile account ${address} cannot pay the value its calls send: balance ${formatWei(balance)}, the calls send ${formatWei(value)}`,
      );

    const account = await link.smartAccount();
    const nonce = await client
      .readContract({
        address: ep.address,
        abi: entryPointReadAbi,
        functionName: 'getNonce',
        args: [address, freshNonceKey()],
      })
      .catch((error) => {
        throw chainFailure('simulation_failed', 'reading the account nonce', error);
      });
    const callData = encodeBatch(calls);
    const callGasLimit = callGasFloor
      ? await callGasFloor(callData).catch((error) => {
          throw simulationFailure(error, calls);
        })
      : undefined;
    const op = (await bundler
      .prepareUserOperation({ account, callData, nonce, ...(callGasLimit !== undefined && { callGasLimit }) })
      .catch((error) => {
        throw simulationFailure(error, calls);
      })) as SignedOperation;

    refuseAboveCap(op);
    if (!sponsored) {
      // The bundler estimates with the sender's balance overridden, so a poor account passes the estimate and is
      // refused (AA21) only at the send: checked here. What the EntryPoint already holds for it counts.
      const deposit = await client
        .readContract({
          address: ep.address,
          abi: entryPointReadAbi,
          functionName: 'balanceOf',
          args: [address],
        })
        .catch((error) => {
          throw chainFailure('simulation_failed', 'reading the account deposit', error);
        });
      const prefund = maxGas(op) * op.maxFeePerGas;
      const missing = prefund > deposit ? prefund - deposit : 0n;
      if (balance < value + missing)
        throw new SubmissionError(
          'insufficient_funds',
          `the profile account ${address} cannot pay for the user operation: balance ${formatWei(balance)}, needs about ${formatWei(value + missing)}`,
        );
    }
    return op;
  }

  /**
   * The operation's price (the bundler's or the node's) within the cap, with 12.5 % kept as for a transaction;
   * else FeeCapExceeded before anything is signed (the executable is held). A sponsored operation is capped too:
   * the cap says when the executable should run, whoever pays.
   */
  function refuseAboveCap(op: SignedOperation) {
    const cap = effectiveCap(
      {
        maxFeePerGas: caps?.maxFeePerGas ?? feePolicyOf(chain).defaultCap,
        maxCostPerRun: caps?.maxCostPerRun ?? null,
      },
      maxGas(op),
    );
    if (cap === null || op.maxFeePerGas <= ceilingOf(cap)) return;
    throw new FeeCapExceeded(
      op.maxFeePerGas,
      `not sent: the user operation is priced at a max fee of ${formatUnits(op.maxFeePerGas, 9)} gwei; the cap allows ${formatUnits(cap, 9)} gwei per gas with 12.5 % kept for re-pricing`,
    );
  }

  function simulationFailure(error: unknown, calls: PlannedCall[]): SubmissionError {
    if (error instanceof SubmissionError) return error;
    if (isTransportFailure(error))
      return new SubmissionError(
        'bundler_unavailable',
        `the ${sponsored ? 'bundler or paymaster' : 'bundler'} did not answer while preparing the user operation`,
      );
    if (!(error instanceof BaseError))
      return chainFailure('simulation_failed', 'preparing the user operation', error);
    if (error.walk((e) => e instanceof InsufficientPrefundError))
      return new SubmissionError(
        'insufficient_funds',
        `the profile account ${address} cannot pay the prefund of the user operation`,
      );
    const revertData = bundlerRevertData(error) ?? revertDataOf(error);
    if (revertData !== undefined)
      return new SubmissionError('simulation_reverted', describeBatchRevert(revertData, calls));
    // An EntryPoint refusal (AAxx: validation, paymaster…) is not the batch reverting: keep the bundler's words.
    if (!/\bAA\d\d\b/.test(`${error.shortMessage} ${error.details ?? ''}`) && isRevert(error))
      return new SubmissionError('simulation_reverted', describeBatchRevert(undefined, calls));
    return chainFailure('simulation_failed', 'preparing the user operation', error);
  }

  async function simulate(calls: PlannedCall[]) {
    const op = await prepare(calls);
    return { gasEstimate: maxGas(op).toString() };
  }

  async function submit(
    calls: PlannedCall[],
    onSigned: (signed: SignedUserOperation) => Promise<void>,
  ): Promise<SignedUserOperation> {
    const { op, userOpHash, bytes } = await link.sign(await prepare(calls));
    const signed = { userOpHash, nonce: sequenceOf(op.nonce), signed: bytes };
    await onSigned(signed);
    await link.send(op, userOpHash);
    return signed;
  }

  async function confirm(userOpHash: Hex, timeoutMs: number): Promise<Confirmation> {
    let receipt: Awaited<ReturnType<typeof bundler.waitForUserOperationReceipt>>;
    try {
      receipt = await bundler.waitForUserOperationReceipt({ hash: userOpHash, timeout: timeoutMs });
    } catch {
      // A timeout and a bundler outage alike: the operation may still be bundled; the reconciler looks again.
      return { status: 'unknown', txHash: userOpHash };
    }
    // The operation's own share of the bundle: what the account or the paymaster was charged for it.
    const gasUsed = receipt.actualGasUsed;
    const mined = {
      txHash: receipt.receipt.transactionHash,
      gasUsed: gasUsed.toString(),
      effectiveGasPrice: (gasUsed > 0n ? receipt.actualGasCost / gasUsed : 0n).toString(),
      blockNumber: Number(receipt.receipt.blockNumber),
    };
    if (receipt.success) return { status: 'confirmed', ...mined };
    return {
      status: 'reverted',
      ...mined,
      error: { code: 'execution_reverted', message: await revertReason(userOpHash, receipt.reason) },
    };
  }

  /** Why an included operation's batch reverted: the EntryPoint logs the revert data; the calls name the target. */
  async function revertReason(userOpHash: Hex, reason: string | undefined): Promise<string> {
    let calls: { to: Address }[] = [];
    try {
      const { userOperation } = await bundler.getUserOperation({ hash: userOpHash });
      const { args } = decodeFunctionData({ abi: accountAbi, data: userOperation.callData });
      calls = args[0].map((c) => ({ to: targetOf(c) }));
    } catch {
      // Not our batch, or the bundler forgot the operation: the reason is still worth giving.
    }
    if (reason && /^0x[0-9a-f]*$/i.test(reason)) return describeBatchRevert(reason as Hex, calls);
    return 'the batch reverted on chain; the reason could not be read';
  }

  return { simulate, submit, confirm };
}
