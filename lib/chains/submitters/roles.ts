// The submitter of a roles profile (sponsored gas only): the executor sends ONE ERC-4337 user operation whose
// `executeBatch` calls the Roles modifier's `execTransactionWithRole(to, value, data, 0, roleKey, true)` once per
// call, so the batch is atomic and every call is checked on chain against the role the owners set. Calls arrive
// from the Safe (the modifier's avatar) and their value comes from the Safe's balance. Before anything is signed
// the batch is replayed from the executor: a call outside the role fails with the decoded Roles error.
import { type Address, decodeFunctionData, encodeFunctionData, formatUnits, type Hex } from 'viem';
import { rolesAbi } from 'zodiac-roles-sdk';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { safeAbi } from '@/lib/safe/abi';
import { encodeBatch } from './legacy';
import { chainFailure, describeBatchRevert, isRevert, revertDataOf } from './revert';
import { type Confirmation, SubmissionError, type Submitter } from './types';

export type RolesSubmitterOptions = {
  chain: ChainConfig;
  safe: Address;
  executor: Address;
  modifier: Address;
  roleKey: Hex;
  /** The executor's user-operation submitter (the paymaster pays). */
  inner: Submitter;
};

/** The target a call through the role reaches (else the call's own target). */
export function targetThroughRole(modifier: Address, call: { target: Address; data: Hex }): Address {
  if (call.target.toLowerCase() !== modifier.toLowerCase()) return call.target;
  try {
    const { functionName, args } = decodeFunctionData({ abi: rolesAbi, data: call.data });
    return functionName === 'execTransactionWithRole' ? args[0] : call.target;
  } catch {
    return call.target;
  }
}

/** Each call through the role: `shouldRevert` true, so a refused or failing call reverts the whole batch. */
const throughRole = (modifier: Address, roleKey: Hex, calls: readonly PlannedCall[]): PlannedCall[] =>
  calls.map((c) => ({
    to: modifier,
    value: '0',
    data: encodeFunctionData({
      abi: rolesAbi,
      functionName: 'execTransactionWithRole',
      args: [c.to, BigInt(c.value), c.data, 0, roleKey, true],
    }),
  }));

export function rolesSubmitter({
  chain,
  safe,
  executor,
  modifier,
  roleKey,
  inner,
}: RolesSubmitterOptions): Submitter {
  const client = publicClientFor(chain);
  const formatWei = (wei: bigint) =>
    `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`;

  async function check(calls: PlannedCall[]): Promise<PlannedCall[]> {
    if (calls.length === 0) throw new SubmissionError('empty_batch', 'the batch has no calls');
    const [modifierEnabled, executorEnabled, balance] = await Promise.all([
      client.readContract({ address: safe, abi: safeAbi, functionName: 'isModuleEnabled', args: [modifier] }),
      client.readContract({
        address: modifier,
        abi: safeAbi,
        functionName: 'isModuleEnabled',
        args: [executor],
      }),
      client.getBalance({ address: safe }),
    ]).catch((error) => {
      throw chainFailure('simulation_failed', 'reading the Safe and its Roles modifier', error);
    });
    if (!modifierEnabled || !executorEnabled)
      throw new SubmissionError(
        'module_not_enabled',
        modifierEnabled
          ? `Tickwork's executor ${executor} is no longer a member of the Roles modifier ${modifier}`
          : `the Roles modifier ${modifier} is not an enabled module of the Safe ${safe}: the owners disabled it`,
      );
    const value = calls.reduce((sum, c) => sum + BigInt(c.value), 0n);
    if (balance < value)
      throw new SubmissionError(
        'insufficient_funds',
        `the Safe ${safe} cannot pay the value its calls send: balance ${formatWei(balance)}, the calls send ${formatWei(value)}`,
      );
    const wrapped = throughRole(modifier, roleKey, calls);
    // Replayed from the executor to itself (the 7702 account allows it): the Roles checks run as they will on chain.
    await client.call({ account: executor, to: executor, data: encodeBatch(wrapped) }).catch((error) => {
      const data = revertDataOf(error);
      if (data !== undefined || isRevert(error))
        throw new SubmissionError('simulation_reverted', describeBatchRevert(data, calls));
      throw chainFailure('simulation_failed', 'simulating the batch through the role', error);
    });
    return wrapped;
  }

  return {
    simulate: async (calls) => inner.simulate(await check(calls)),
    submit: async (calls, onSigned) => inner.submit(await check(calls), onSigned),
    confirm: (hash: Hex, timeoutMs: number): Promise<Confirmation> => inner.confirm(hash, timeoutMs),
  };
}
