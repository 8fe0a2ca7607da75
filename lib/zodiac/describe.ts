// Safe transactions in words: every call a prepared transaction makes, decoded (Safe module management, the
// Roles modifier's deployment and role changes, messages the Safe signs) so owners read what they sign before
// they sign it.
import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  hexToString,
  isAddressEqual,
  size,
  toFunctionSelector,
} from 'viem';
import { type Condition, decodeKey, rolesAbi } from 'zodiac-roles-sdk';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { DELEGATE_CALL, multiSendAbi, safeAbi, signMessageLibAbi } from '@/lib/safe/abi';
import { unpackMultiSend } from '@/lib/safe/module-call';
import type { SafeTx } from '@/lib/safe/transaction';
import { periodWords } from './allowance-spec';
import { allowanceName, argsOfCondition, conditionJson, unflattenCondition } from './condition-tree';
import { type ArgConditions, conditionsWords } from './conditions';
import type { ScopeEntry } from './role';
import { callWords } from './scope-drafts';
import { moduleProxyFactoryAbi } from './setup';

export type DescribedCall = { to: Address; value: string; data: Hex; description: string };

/** `names`: known function signatures by selector (from a release's permissions.json), for friendlier words. */
export type FunctionNames = ReadonlyMap<string, string>;

/** Token functions any role may name, so they read in words even when no release declares them. */
const COMMON_SIGNATURES = new Map<string, string>(
  ['transfer(address,uint256)', 'approve(address,uint256)', 'transferFrom(address,address,uint256)'].map(
    (signature) => [toFunctionSelector(signature), signature],
  ),
);

const signatureOf = (selector: string, names?: FunctionNames) =>
  names?.get(selector.toLowerCase()) ?? COMMON_SIGNATURES.get(selector.toLowerCase());

const fn = (selector: string, names?: FunctionNames) => {
  if (selector === '0x00000000') return 'plain transfers (no calldata)';
  const name = signatureOf(selector, names);
  return name ? `${name} (${selector})` : selector;
};

const roleName = (key: Hex) => {
  try {
    return `"${decodeKey(key)}"`;
  } catch {
    return key;
  }
};

/** A scoped function's conditions in words, read with its signature when known; else how many checks. */
function scopedWords(selector: string, flat: readonly never[], names?: FunctionNames): string {
  const signature = signatureOf(selector, names);
  const args = readableArgs(signature, unflattenCondition(flat));
  if (!signature || !args) return `under conditions on its arguments (${flat.length} checks)`;
  return conditionsWords(signature, args);
}

/** A function's Roles condition as argument conditions to say in words; null when some part cannot be read. */
function readableArgs(signature: string | undefined, condition: Condition | undefined): ArgConditions | null {
  const args = condition && signature ? argsOfCondition(signature, condition) : null;
  return args && !args.includes('unknown') ? (args as ArgConditions) : null;
}

function describeOne(call: PlannedCall, safe: Address, names?: FunctionNames): string {
  if (size(call.data) === 0) return `Send ${call.value} wei to ${call.to}`;
  for (const abi of [safeAbi, rolesAbi, moduleProxyFactoryAbi, signMessageLibAbi] as const) {
    let decoded: { functionName: string; args?: readonly unknown[] };
    try {
      decoded = decodeFunctionData({ abi, data: call.data }) as typeof decoded;
    } catch {
      continue;
    }
    const a = (decoded.args ?? []) as readonly never[];
    const self = isAddressEqual(call.to, safe);
    switch (decoded.functionName) {
      case 'enableModule':
        return `Enable ${a[0]} as a module of ${self ? 'the Safe' : call.to}: it can then execute transactions from it`;
      case 'disableModule':
        return `Disable the module ${a[1]} of ${self ? 'the Safe' : call.to}`;
      case 'deployModule':
        return `Deploy a Zodiac Roles v2 modifier for the Safe (owner, avatar and target: the Safe; mastercopy ${a[0]})`;
      case 'assignRoles': {
        const keys = a[1] as readonly Hex[];
        const on = a[2] as readonly boolean[];
        return keys
          .map((k, i) => `${on[i] ? 'Give' : 'Take'} role ${roleName(k)} ${on[i] ? 'to' : 'from'} ${a[0]}`)
          .join('; ');
      }
      case 'scopeTarget':
        return `Role ${roleName(a[0])}: on ${a[1]}, allow only the functions listed`;
      case 'allowTarget':
        return `Role ${roleName(a[0])}: allow every function on ${a[1]}`;
      case 'revokeTarget':
        return `Role ${roleName(a[0])}: allow nothing on ${a[1]}`;
      case 'allowFunction':
        return `Role ${roleName(a[0])}: allow ${fn(a[2], names)} on ${a[1]}${(Number(a[3]) & 1) === 1 ? ', sending ether' : ''}`;
      case 'scopeFunction':
        return `Role ${roleName(a[0])}: allow ${fn(a[2], names)} on ${a[1]} ${scopedWords(a[2], a[3], names)}`;
      case 'setAllowance': {
        const [key, balance, maxRefill, refill, period] = a as unknown as readonly [
          Hex,
          bigint,
          bigint,
          bigint,
          bigint,
        ];
        const refills =
          period === 0n
            ? 'never refilled'
            : `refilled by ${refill} up to ${maxRefill} every ${periodWords(Number(period))}`;
        return `Set allowance "${allowanceName(key)}": ${balance} to spend now, ${refills}`;
      }
      case 'revokeFunction':
        return `Role ${roleName(a[0])}: stop allowing ${fn(a[2], names)} on ${a[1]}`;
      case 'signMessage':
        return `Sign, as the Safe, the message "${hexToString(a[0])}" (SignMessageLib, by delegatecall): it stays recorded in the Safe`;
      case 'setDefaultRole':
        return `Make role ${roleName(a[1])} the default role of ${a[0]}`;
      default:
        return `Call ${decoded.functionName} on ${call.to}`;
    }
  }
  return `Call ${call.data.slice(0, 10)} on ${call.to}${call.value !== '0' ? ` sending ${call.value} wei` : ''}`;
}

/** The calls a SafeTx makes, each in words: one call, or a MultiSend batch unpacked. */
export function describeSafeTx(
  tx: SafeTx,
  safe: Address,
  opts: { multiSend: readonly Address[]; names?: FunctionNames },
): DescribedCall[] {
  let calls: PlannedCall[] = [{ to: tx.to, value: tx.value.toString(), data: tx.data }];
  if (tx.operation === DELEGATE_CALL && opts.multiSend.some((m) => isAddressEqual(m, tx.to))) {
    const { args } = decodeFunctionData({ abi: multiSendAbi, data: tx.data });
    calls = unpackMultiSend(args[0]);
  }
  return calls.map((c) => ({ ...c, description: describeOne(c, safe, opts.names) }));
}

/** A scope's conditioned functions, each with its condition as the modifier checks it (`conditionJson`). */
export function rawScopeConditions(
  scope: readonly ScopeEntry[],
  names?: FunctionNames,
): { call: string; condition: string }[] {
  return scope.flatMap((entry) =>
    Object.entries(entry.conditions ?? {}).map(([selector, condition]) => ({
      call: `${fn(selector, names)} on ${getAddress(entry.to)}`,
      condition: conditionJson(condition),
    })),
  );
}

/**
 * What a role allows, call by call in words, with each function's conditions read from its Roles condition
 * ("Call transfer(address,uint256) (0xa9059cbb) on 0x… only when …"), as a roles transaction leaves it.
 */
export function describeScope(scope: readonly ScopeEntry[], names?: FunctionNames): string[] {
  return scope.flatMap((entry) =>
    entry.functions.map((selector) => {
      const signature = signatureOf(selector, names) ?? null;
      const condition = entry.conditions?.[selector];
      const args = readableArgs(signature ?? undefined, condition);
      const target = getAddress(entry.to);
      if (condition && !args)
        return `${callWords(target, { selector, signature })} under conditions on its arguments`;
      return callWords(target, { selector, signature, ...(args && { conditions: args }) });
    }),
  );
}
