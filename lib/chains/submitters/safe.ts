// The submitter of a Safe profile: the executor (an account Tickwork holds, enabled as a module of the owners'
// Safe) sends ONE call to the Safe, `execTransactionFromModuleReturnData`, through the legacy transaction or
// user-operation path (`inner`). The Safe runs the batch (MultiSendCallOnly by delegatecall: all or nothing), so
// calls arrive from the Safe and their value comes from the Safe's balance. A failing batch does not revert the
// executor's transaction: the Safe answers `success = false` and logs `ExecutionFromModuleFailure`, which
// simulation and confirmation both read and turn into a decoded reason.
import {
  type Address,
  decodeEventLog,
  decodeFunctionData,
  formatUnits,
  type Hex,
  isAddressEqual,
} from 'viem';
import { entryPoint08Abi } from 'viem/account-abstraction';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { DELEGATE_CALL, multiSendAbi, safeAbi } from '@/lib/safe/abi';
import { decodeModuleResult, moduleCall, unpackMultiSend } from '@/lib/safe/module-call';
import { decodeExecuteBatch } from './legacy';
import { chainFailure, describeBatchRevert, describeRevertReason } from './revert';
import { type Confirmation, SubmissionError, type Submitter } from './types';

export type SafeSubmitterOptions = {
  chain: ChainConfig;
  safe: Address;
  executor: Address;
  multiSendCallOnly: Address;
  /** The executor's own submitter (transaction or user operation), given the one module call to send. */
  inner: Submitter;
};

/** The executor calling the Safe: what `inner` simulates, signs and sends (through `executeBatch`). */
export function safeSubmitter({
  chain,
  safe,
  executor,
  multiSendCallOnly,
  inner,
}: SafeSubmitterOptions): Submitter {
  const client = publicClientFor(chain);
  const formatWei = (wei: bigint) =>
    `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`;

  /**
   * The Safe-side checks: the executor is still an enabled module (the owners may have disabled it), the Safe can
   * pay the calls' value, and the module call succeeds when simulated from the executor (the reason decoded when
   * it does not). Answers the module call the executor sends.
   */
  async function check(calls: PlannedCall[]): Promise<PlannedCall> {
    if (calls.length === 0) throw new SubmissionError('empty_batch', 'the batch has no calls');
    const [enabled, balance] = await Promise.all([
      client.readContract({ address: safe, abi: safeAbi, functionName: 'isModuleEnabled', args: [executor] }),
      client.getBalance({ address: safe }),
    ]).catch((error) => {
      throw chainFailure('simulation_failed', 'reading the Safe', error);
    });
    if (!enabled)
      throw new SubmissionError(
        'module_not_enabled',
        `Tickwork's executor ${executor} is not an enabled module of the Safe ${safe}: the owners disabled it or never enabled it; enable it again from the profile page`,
      );
    const value = calls.reduce((sum, c) => sum + BigInt(c.value), 0n);
    if (balance < value)
      throw new SubmissionError(
        'insufficient_funds',
        `the Safe ${safe} cannot pay the value its calls send: balance ${formatWei(balance)}, the calls send ${formatWei(value)}`,
      );
    const call = moduleCall(safe, multiSendCallOnly, calls);
    const { data } = await client.call({ account: executor, to: safe, data: call.data }).catch((error) => {
      throw chainFailure('simulation_failed', 'simulating the Safe module call', error);
    });
    const result = decodeModuleResult(data ?? '0x');
    if (!result.success)
      throw new SubmissionError('simulation_reverted', await explainFailure(calls, result.returnData));
    return call;
  }

  /**
   * Why the Safe's batch failed. A single call's revert data comes back from the Safe; MultiSendCallOnly drops
   * it, so a batch is replayed call by call from the Safe with eth_simulateV1 (each call sees the ones before)
   * to find the first that fails and its reason.
   */
  async function explainFailure(
    calls: PlannedCall[],
    returnData: Hex,
    blockNumber?: bigint,
  ): Promise<string> {
    if (calls.length === 1) return describeBatchRevert(returnData, calls);
    try {
      const { results } = await client.simulateCalls({
        account: safe,
        calls: calls.map((c) => ({ to: c.to, data: c.data, value: BigInt(c.value) })),
        ...(blockNumber !== undefined && { blockNumber }),
      });
      const index = results.findIndex((r) => r.status === 'failure');
      if (index >= 0)
        return `call #${index} (zero-based) to ${calls[index].to} reverted ${describeRevertReason(results[index].data)}; the Safe reverted the whole batch`;
    } catch {
      // The node has no eth_simulateV1: the batch failed, which call is not known.
    }
    return 'the batch reverted inside the Safe (the node could not replay it to name the failing call)';
  }

  async function simulate(calls: PlannedCall[]) {
    return inner.simulate([await check(calls)]);
  }

  async function submit(calls: PlannedCall[], onSigned: Parameters<Submitter['submit']>[1]) {
    return inner.submit([await check(calls)], onSigned);
  }

  /** The executor's transaction confirmed; the Safe's own event says whether the batch inside it ran. */
  async function confirm(hash: Hex, timeoutMs: number): Promise<Confirmation> {
    const outcome = await inner.confirm(hash, timeoutMs);
    if (outcome.status !== 'confirmed') return outcome;
    let failed: boolean;
    try {
      const receipt = await client.getTransactionReceipt({ hash: outcome.txHash });
      failed = receipt.logs.some((log) => {
        if (!isAddressEqual(log.address, safe)) return false;
        try {
          const event = decodeEventLog({ abi: safeAbi, data: log.data, topics: log.topics });
          return (
            event.eventName === 'ExecutionFromModuleFailure' && isAddressEqual(event.args.module, executor)
          );
        } catch {
          return false;
        }
      });
    } catch {
      return { status: 'unknown', txHash: outcome.txHash };
    }
    if (!failed) return outcome;
    return {
      ...outcome,
      status: 'reverted',
      error: {
        code: 'execution_reverted',
        message: await replayFailure(outcome.txHash, BigInt(outcome.blockNumber)),
      },
    };
  }

  /** The calls of a mined module call (a transaction's `executeBatch`, or a bundle's user operation), replayed. */
  async function replayFailure(txHash: Hex, blockNumber: bigint): Promise<string> {
    try {
      const tx = await client.getTransaction({ hash: txHash });
      const batchData = executorBatchOf(tx.input, executor);
      const moduleData =
        batchData && decodeExecuteBatch(batchData).find((c) => isAddressEqual(c.to, safe))?.data;
      const calls = moduleData ? callsOfModuleCall(moduleData, multiSendCallOnly) : null;
      if (calls) {
        const { data } = await client.call({
          account: executor,
          to: safe,
          data: moduleCall(safe, multiSendCallOnly, calls).data,
          blockNumber: blockNumber - 1n,
        });
        const result = decodeModuleResult(data ?? '0x');
        return await explainFailure(calls, result.returnData, blockNumber - 1n);
      }
    } catch {
      // Not our transaction's shape, or the node cannot serve the old state.
    }
    return 'the batch reverted inside the Safe; the reason could not be reproduced';
  }

  return { simulate, submit, confirm };
}

/** The executor's `executeBatch` calldata in a mined transaction: its own transaction, or its op in a bundle. */
function executorBatchOf(input: Hex, executor: Address): Hex | null {
  try {
    const { functionName, args } = decodeFunctionData({ abi: entryPoint08Abi, data: input });
    if (functionName !== 'handleOps') return null;
    const op = args[0].find((o) => isAddressEqual(o.sender, executor));
    return op?.callData ?? null;
  } catch {
    return input;
  }
}

/** The planned calls a module call carries: one plain call, or a MultiSendCallOnly batch unpacked. */
function callsOfModuleCall(data: Hex, multiSendCallOnly: Address): PlannedCall[] | null {
  const { functionName, args } = decodeFunctionData({ abi: safeAbi, data });
  if (functionName !== 'execTransactionFromModuleReturnData') return null;
  const [to, value, inner, operation] = args;
  if (operation !== DELEGATE_CALL) return [{ to, value: value.toString(), data: inner }];
  if (!isAddressEqual(to, multiSendCallOnly)) return null;
  const { args: packed } = decodeFunctionData({ abi: multiSendAbi, data: inner });
  return unpackMultiSend(packed[0]);
}
