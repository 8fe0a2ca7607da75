// The submitter of a legacy profile with gas mode `self`: the profile's EOA (EIP-7702-delegated to
// Simple7702Account) sends ONE transaction to itself calling `executeBatch(calls)`, so the batch is atomic, and
// pays the gas from its own native balance. BaseAccount 0.8 accepts `msg.sender == address(this)`.
import { sql } from 'drizzle-orm';
import {
  type Address,
  BaseError,
  decodeFunctionData,
  encodeFunctionData,
  formatUnits,
  type Hex,
  InsufficientFundsError,
  keccak256,
  parseAbi,
} from 'viem';
import type { DbOrTx } from '@/db/client';
import type { PrivateSubmissionMode } from '@/db/enums';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import { feePolicyOf } from '@/lib/chains/fee-policy';
import { effectiveCap, type FeeCaps, type Fees, firstBid, maxOf } from '@/lib/chains/fees';
import { readMarket } from '@/lib/chains/market';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { accountSigner, requireDelegation } from './account';
import { routeClient, submissionRouteOf } from './private-route';
import { chainFailure, describeBatchRevert, isRevert, revertDataOf } from './revert';
import { sendRaw } from './send';
import { heldNonce, SLOT_POLL_MS, slotWaitMs } from './sender-slot';
import {
  type Confirmation,
  FeeCapExceeded,
  type SignedTransaction,
  SubmissionError,
  type Submitter,
} from './types';

const accountAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
]);

/** Head-room over the node's estimate: state can move between the estimate and the block. */
const GAS_MARGIN_PERCENT = 120n;

export type LegacySubmitterOptions = {
  db: DbOrTx;
  chain: ChainConfig;
  address: Address;
  encryptedKey: string;
  /**
   * The gas a batch needs at least, when eth_estimateGas would under-estimate it: a Safe module call never
   * reverts when its inner calls run out of gas, so a binary search settles on a limit at which they fail.
   */
  gasFloor?: (request: { account: Address; to: Address; data: Hex }) => Promise<bigint>;
  /** The executable's caps on what a run bids (lib/chains/fees.ts); the chain's default cap when unset. */
  caps?: FeeCaps;
  /** The executable's use of the chain's private transaction endpoint (default `auto`). */
  privateSubmission?: PrivateSubmissionMode;
};

export const encodeBatch = (calls: PlannedCall[]) =>
  encodeFunctionData({
    abi: accountAbi,
    functionName: 'executeBatch',
    args: [calls.map((c) => ({ target: c.to, value: BigInt(c.value), data: c.data }))],
  });

/** The calls of an `executeBatch` calldata. */
export function decodeExecuteBatch(data: Hex): PlannedCall[] {
  const { args } = decodeFunctionData({ abi: accountAbi, data });
  return args[0].map((c) => ({ to: c.target, value: c.value.toString(), data: c.data }));
}

const withMargin = (gas: bigint) => (gas * GAS_MARGIN_PERCENT + 99n) / 100n;

/** The advisory lock every process takes before it reads a nonce of this account and signs with it. */
export const nonceLockKey = (chainId: number, address: Address) =>
  `tickwork:nonce:${chainId}:${address.toLowerCase()}`;

export function legacySubmitter({
  db,
  chain,
  address,
  encryptedKey,
  gasFloor,
  caps,
  privateSubmission = 'auto',
}: LegacySubmitterOptions): Submitter<SignedTransaction> {
  const client = publicClientFor(chain);
  const policy = feePolicyOf(chain);
  const formatWei = (wei: bigint) =>
    `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`;
  const gweiOf = (wei: bigint) => `${formatUnits(wei, 9)} gwei`;

  /** The first bid at today's fees, under the cap; throws FeeCapExceeded (nothing signed) when the cap holds it. */
  async function bid(gasLimit: bigint, action: string): Promise<Fees> {
    const market = await readMarket(client, policy).catch((error) => {
      throw chainFailure(
        action === 'submitting' ? 'submission_failed' : 'simulation_failed',
        'reading the fees',
        error,
      );
    });
    const cap = effectiveCap(
      { maxFeePerGas: caps?.maxFeePerGas ?? policy.defaultCap, maxCostPerRun: caps?.maxCostPerRun ?? null },
      gasLimit,
    );
    const offer = firstBid(market, policy.baseFeeMultiplierPercent, cap);
    if (offer.held)
      throw new FeeCapExceeded(
        offer.required,
        `not sent: the chain needs a max fee of at least ${gweiOf(offer.required)} (base ${gweiOf(market.baseFee)} + tip ${gweiOf(market.tip)}); the cap allows ${gweiOf(cap ?? 0n)} per gas with 12.5 % kept for re-pricing`,
      );
    return offer.fees;
  }

  /**
   * The checks before a batch may be signed: the account is delegated and can pay the calls' value, the batch
   * passes eth_call and eth_estimateGas from the account to itself (revert reasons decoded), and the balance
   * covers gas × max fee on top (a node refuses the transaction below that).
   */
  async function prepare(calls: PlannedCall[]): Promise<{ data: Hex; gas: bigint }> {
    if (calls.length === 0) throw new SubmissionError('empty_batch', 'the batch has no calls');
    submissionRouteOf(chain, privateSubmission); // a route this run cannot take fails before anything is signed
    const [balance] = await Promise.all([readBalance(), requireDelegation(client, chain, address)]);
    const value = calls.reduce((sum, c) => sum + BigInt(c.value), 0n);
    // Checked first: a call whose value the account lacks fails with empty revert data, a poor explanation.
    if (balance < value)
      throw new SubmissionError(
        'insufficient_funds',
        `the profile account ${address} cannot pay the value its calls send: balance ${formatWei(balance)}, the calls send ${formatWei(value)}`,
      );

    const data = encodeBatch(calls);
    const request = { account: address, to: address, data } as const;
    await client.call(request).catch((error) => {
      throw simulationFailure(error, calls, 'simulating the batch');
    });
    const [estimate, floor] = await Promise.all([
      client.estimateGas(request),
      gasFloor?.(request) ?? 0n,
    ]).catch((error) => {
      throw simulationFailure(error, calls, 'estimating the gas of the batch');
    });
    const gas = maxOf(estimate, floor);

    const { maxFeePerGas } = await bid(withMargin(gas), 'simulating');
    const needed = withMargin(gas) * maxFeePerGas + value;
    if (balance < needed)
      throw new SubmissionError(
        'insufficient_funds',
        `the profile account ${address} cannot pay for gas: balance ${formatWei(balance)}, needs about ${formatWei(needed)}`,
      );
    return { data, gas };
  }

  const readBalance = () =>
    client.getBalance({ address }).catch((error) => {
      throw chainFailure('simulation_failed', 'reading the account balance', error);
    });

  function simulationFailure(error: unknown, calls: PlannedCall[], action: string): SubmissionError {
    if (error instanceof BaseError && error.walk((e) => e instanceof InsufficientFundsError))
      return new SubmissionError(
        'insufficient_funds',
        `the profile account ${address} cannot pay for the batch`,
      );
    const revertData = revertDataOf(error);
    if (revertData !== undefined || isRevert(error))
      return new SubmissionError('simulation_reverted', describeBatchRevert(revertData, calls));
    return chainFailure('simulation_failed', action, error);
  }

  async function simulate(calls: PlannedCall[]) {
    const { gas } = await prepare(calls);
    return { gasEstimate: gas.toString() };
  }

  async function submit(
    calls: PlannedCall[],
    onSigned: (signed: SignedTransaction) => Promise<void>,
  ): Promise<SignedTransaction> {
    const { data, gas } = await prepare(calls);
    const account = accountSigner(encryptedKey, address);
    const gasLimit = withMargin(gas);
    // The wait restarts whenever the account's nonce moves: a run behind others of a busy account waits its
    // turn; only an account whose nonce stays held gives up.
    let giveUpAt = Date.now() + slotWaitMs(policy);
    let seen = -1;
    for (;;) {
      const outcome = await signAndSend(account, data, gasLimit, onSigned);
      if ('sent' in outcome) return outcome.sent;
      if (outcome.busy.nonce > seen) {
        if (seen >= 0) giveUpAt = Date.now() + slotWaitMs(policy);
        seen = outcome.busy.nonce;
      }
      if (Date.now() >= giveUpAt)
        throw new SubmissionError(
          'nonce_blocked',
          `not sent: nonce ${outcome.busy.nonce} of ${address} is still held by ${outcome.busy.executionId ? `the transaction of execution ${outcome.busy.executionId}` : 'a pending transaction Tickwork did not send'}`,
        );
      await new Promise((resolve) => setTimeout(resolve, SLOT_POLL_MS));
    }
  }

  /**
   * One signer per (chain, account) at a time, across processes: under a transaction-scoped advisory lock the
   * account's next nonce is read, and signed at only when no transaction of the account is still in flight
   * (geth and reth accept one at a time from a delegated account, and a run never queues behind another's):
   * the transaction is then signed, recorded (`onSigned`) and broadcast before the lock is let go. Given a
   * transaction handle, this is a savepoint and the lock lasts until that transaction ends.
   */
  async function signAndSend(
    account: ReturnType<typeof accountSigner>,
    data: Hex,
    gasLimit: bigint,
    onSigned: (signed: SignedTransaction) => Promise<void>,
  ): Promise<{ sent: SignedTransaction } | { busy: { nonce: number; executionId: string | null } }> {
    const lockKey = nonceLockKey(chain.chainId, address);
    const { route, fallbackAfterBlocks } = submissionRouteOf(chain, privateSubmission);
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
      const [latest, pending, fees, head] = await Promise.all([
        client.getTransactionCount({ address, blockTag: 'latest' }),
        client.getTransactionCount({ address, blockTag: 'pending' }),
        bid(gasLimit, 'submitting'),
        fallbackAfterBlocks === null ? null : client.getBlockNumber(),
      ]).catch((error) => {
        if (error instanceof SubmissionError) throw error;
        throw chainFailure('submission_failed', 'reading the nonce and fees', error);
      });
      const held = await heldNonce(tx, chain.chainId, address, latest);
      if (held) return { busy: held };
      if (pending > latest) return { busy: { nonce: latest, executionId: null } };
      const serializedTransaction = await account.signTransaction({
        type: 'eip1559',
        chainId: chain.chainId,
        nonce: latest,
        to: address,
        data,
        value: 0n,
        gas: gasLimit,
        ...fees,
      });
      const signed: SignedTransaction = {
        txHash: keccak256(serializedTransaction),
        nonce: latest,
        signed: {
          sender: address.toLowerCase(),
          raw: serializedTransaction,
          gasLimit: gasLimit.toString(),
          maxFeePerGas: fees.maxFeePerGas.toString(),
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
          route,
          publicAfterBlock: head === null ? null : Number(head) + (fallbackAfterBlocks ?? 0),
        },
      };
      await onSigned(signed);
      await sendRaw(routeClient(chain, route), serializedTransaction, signed.txHash);
      return { sent: signed };
    });
  }

  async function confirm(txHash: Hex, timeoutMs: number): Promise<Confirmation> {
    let receipt: Awaited<ReturnType<typeof client.waitForTransactionReceipt>>;
    try {
      // Only this hash: viem would otherwise answer the receipt of whatever took its nonce (a replacement, or a
      // foreign transaction) as if it were this one's.
      receipt = await client.waitForTransactionReceipt({
        hash: txHash,
        timeout: timeoutMs,
        checkReplacement: false,
      });
    } catch {
      // A timeout and an RPC outage alike: the transaction may be mined; the reconciler resolves it by hash.
      return { status: 'unknown', txHash };
    }
    const mined = {
      txHash,
      gasUsed: receipt.gasUsed.toString(),
      effectiveGasPrice: receipt.effectiveGasPrice.toString(),
      blockNumber: Number(receipt.blockNumber),
    };
    if (receipt.status === 'success') return { status: 'confirmed', ...mined };
    return {
      status: 'reverted',
      ...mined,
      error: { code: 'execution_reverted', message: await replayRevert(txHash, receipt.blockNumber) },
    };
  }

  /**
   * Why a mined batch reverted: the transaction is replayed with eth_call on the state before its block (the
   * closest state a node serves), which reproduces the revert data unless an earlier transaction of the block
   * set up the failure.
   */
  async function replayRevert(txHash: Hex, blockNumber: bigint): Promise<string> {
    try {
      const tx = await client.getTransaction({ hash: txHash });
      const { args } = decodeFunctionData({ abi: accountAbi, data: tx.input });
      const calls = args[0].map((c) => ({ to: c.target }));
      try {
        await client.call({
          account: tx.from,
          to: tx.to ?? address,
          data: tx.input,
          gas: tx.gas,
          blockNumber: blockNumber - 1n,
        });
      } catch (error) {
        const data = revertDataOf(error);
        if (data !== undefined || isRevert(error)) return describeBatchRevert(data, calls);
      }
    } catch {
      // Not our batch, or the node cannot serve it: fall through to the plain message.
    }
    return 'the batch reverted on chain; the reason could not be reproduced';
  }

  return { simulate, submit, confirm };
}
