// The Safe transaction that allows a profile's self-calls (purpose `allow_self_calls`): the Safe signs one
// message per allowed (target, selector) through SignMessageLib, by delegatecall (several through MultiSend), and
// whether it holds is read back from the Safe's `signedMessages`.
import { encodeFunctionData, getAddress } from 'viem';
import type { ChainConfig } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { DELEGATE_CALL, signMessageLibAbi } from '@/lib/safe/abi';
import { encodeMultiSend } from '@/lib/safe/module-call';
import { signMessageTx } from '@/lib/safe/signed-messages';
import type { SafeTx } from '@/lib/safe/transaction';
import type { ScopeEntry } from '@/lib/zodiac/role';
import {
  type SelfCall,
  type SelfCallProfile,
  selfCallAllowanceMessage,
  selfCallsAmong,
  unallowedSelfCalls,
} from './self-calls';

/** The self-calls a scope names (targets that are not the profile itself are left out). */
export const selfCallsOfScope = (profile: SelfCallProfile, scope: readonly ScopeEntry[]): SelfCall[] =>
  selfCallsAmong(
    profile,
    scope.flatMap((entry) => entry.functions.map((selector) => ({ to: entry.to, selector }))),
  );

/** The SafeTx that makes the Safe sign an allowance for each self-call `scope` names. */
export function selfCallAllowanceTx(
  chain: ChainConfig,
  profile: SelfCallProfile,
  scope: readonly ScopeEntry[],
  nonce: bigint,
): SafeTx | null {
  const contracts = getChainContracts(chain.chainId);
  const signMessageLib = contracts?.signMessageLib;
  if (!contracts || !signMessageLib || !profile.executor)
    throw new Error('allowing self-calls needs SignMessageLib on the chain and the profile executor');
  const executor = getAddress(profile.executor);
  const messages = selfCallsOfScope(profile, scope).map((call) => selfCallAllowanceMessage(executor, call));
  if (messages.length === 0) return null;
  if (messages.length === 1) return signMessageTx(signMessageLib, messages[0], nonce);
  const signs = messages.map((message) => ({
    to: signMessageLib,
    value: '0',
    data: encodeFunctionData({ abi: signMessageLibAbi, functionName: 'signMessage', args: [message] }),
  }));
  return {
    to: contracts.multiSend,
    value: 0n,
    data: encodeMultiSend(signs, DELEGATE_CALL),
    operation: DELEGATE_CALL,
    nonce,
  };
}

/** The self-calls `scope` names that the Safe has not allowed yet, read now. */
export const unallowedSelfCallsOf = (profile: SelfCallProfile, scope: readonly ScopeEntry[]) =>
  unallowedSelfCalls(profile, selfCallsOfScope(profile, scope));
