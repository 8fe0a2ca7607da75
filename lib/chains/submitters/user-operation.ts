// The submitter of a legacy profile whose gas is paid through ERC-4337: the profile's EOA, EIP-7702-delegated to
// Simple7702Account (a 4337 account for EntryPoint 0.8), sends a user operation whose callData is
// `executeBatch(calls)` — atomic like the self-paid batch. With a paymaster (gas mode `sponsored`) the paymaster
// pays; without one (`self-funded`) the account pays the EntryPoint's prefund from its own balance.
import { randomBytes } from 'node:crypto';
import {
  type Address,
  BaseError,
  decodeFunctionData,
  formatUnits,
  type Hex,
  hexToBigInt,
  http,
  parseAbi,
} from 'viem';
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint08Abi,
  formatUserOperationRequest,
  getUserOperationHash,
  InsufficientPrefundError,
  toSimple7702SmartAccount,
  type UserOperation,
} from 'viem/account-abstraction';
import { publicClientFor, viemChain } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { feePolicyOf } from '@/lib/chains/fee-policy';
import { ceilingOf, effectiveCap, type FeeCaps } from '@/lib/chains/fees';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { accountSigner, requireDelegation, simple7702AccountOf } from './account';
import { encodeBatch } from './legacy';
import { chainFailure, describeBatchRevert, isRevert, isTransportFailure, revertDataOf } from './revert';
import {
  type Confirmation,
  FeeCapExceeded,
  type SignedUserOperation,
  SubmissionError,
  type Submitter,
} from './types';

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
const entryPointReadAbi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function getNonce(address sender, uint192 key) view returns (uint256)',
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
/** The sequence part of a full nonce (its low 64 bits): what the execution records. */
const SEQUENCE_MASK = (1n << 64n) - 1n;

/** Everything the EntryPoint may charge for a user operation: the sum of its gas limits at its max fee. */
const maxGas = (op: UserOperation<'0.8'>) =>
  op.preVerificationGas +
  op.verificationGasLimit +
  op.callGasLimit +
  (op.paymasterVerificationGasLimit ?? 0n) +
  (op.paymasterPostOpGasLimit ?? 0n);

export function userOperationSubmitter({
  chain,
  address,
  encryptedKey,
  bundlerUrl,
  paymasterUrl,
  paymasterContext,
  fees = 'node',
  callGasFloor,
  targetOf = (call) => call.target,
  caps,
}: UserOperationSubmitterOptions): Submitter<SignedUserOperation> {
  const client = publicClientFor(chain);
  const sponsored = paymasterUrl !== null;
  const entryPointAddress = getChainContracts(chain.chainId)?.entryPoint08;
  const bundler = createBundlerClient({
    client,
    chain: viemChain(chain),
    pollingInterval: 250,
    // No retries: a refused operation is refused again, and a send must not be repeated behind our back.
    transport: http(bundlerUrl, { retryCount: 0 }),
    paymaster: sponsored
      ? createPaymasterClient({ transport: http(paymasterUrl, { retryCount: 0 }) })
      : undefined,
    paymasterContext,
    userOperation:
      fees === 'bundler'
        ? {
            estimateFeesPerGas: async ({ bundlerClient }) => {
              const { fast } = await bundlerClient.request<{
                Method: 'pimlico_getUserOperationGasPrice';
                Parameters: [];
                ReturnType: { fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } };
              }>({ method: 'pimlico_getUserOperationGasPrice', params: [] });
              return {
                maxFeePerGas: hexToBigInt(fast.maxFeePerGas),
                maxPriorityFeePerGas: hexToBigInt(fast.maxPriorityFeePerGas),
              };
            },
          }
        : undefined,
  });
  const formatWei = (wei: bigint) =>
    `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`;

  function entryPoint() {
    if (!entryPointAddress)
      throw new SubmissionError(
        'chain_not_supported',
        `chain ${chain.chainId} has no EntryPoint 0.8 recorded`,
      );
    return { abi: entryPoint08Abi, address: entryPointAddress, version: '0.8' } as const;
  }

  const smartAccount = () =>
    toSimple7702SmartAccount({
      client,
      owner: accountSigner(encryptedKey, address),
      implementation: simple7702AccountOf(chain),
      entryPoint: entryPoint(),
    });

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

    const account = await smartAccount();
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
      })) as UserOperation<'0.8'>;

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
    return { account, op };
  }

  /**
   * The operation's price (the bundler's or the node's) within the cap, with 12.5 % kept as for a transaction;
   * else FeeCapExceeded before anything is signed (the executable is held). A sponsored operation is capped too:
   * the cap says when the executable should run, whoever pays.
   */
  function refuseAboveCap(op: UserOperation<'0.8'>) {
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
    const { op } = await prepare(calls);
    return { gasEstimate: maxGas(op).toString() };
  }

  async function submit(
    calls: PlannedCall[],
    onSigned: (signed: SignedUserOperation) => Promise<void>,
  ): Promise<SignedUserOperation> {
    const { account, op } = await prepare(calls);
    const signature = await account.signUserOperation(op);
    const userOperation = { ...op, signature };
    const userOpHash = getUserOperationHash({
      chainId: chain.chainId,
      entryPointAddress: entryPoint().address,
      entryPointVersion: '0.8',
      userOperation,
    });
    const signed = { userOpHash, nonce: Number(op.nonce & SEQUENCE_MASK) };
    await onSigned(signed);
    await bundler
      .request({
        method: 'eth_sendUserOperation',
        params: [formatUserOperationRequest(userOperation), entryPoint().address],
      })
      .catch((error) => {
        if (isTransportFailure(error))
          throw new SubmissionError(
            'broadcast_unknown',
            `the bundler did not answer the sending of user operation ${userOpHash}; it may still be bundled`,
          );
        throw chainFailure('bundler_rejected', `sending user operation ${userOpHash}`, error);
      });
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
