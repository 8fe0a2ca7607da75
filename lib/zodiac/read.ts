// A roles profile's policy, read from its Roles v2 modifier on chain: the modifier has no getters for roles, so
// the role is rebuilt by replaying the modifier's own events from the block Tickwork prepared it at. What the
// owners changed outside Tickwork counts as much as what Tickwork did. Cached briefly per modifier and role.
import { type Address, getAbiItem, type Hex } from 'viem';
import { type Condition, type Role, rolesAbi } from 'zodiac-roles-sdk';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import { unflattenCondition } from './condition-tree';

const EVENTS = [
  'AssignRoles',
  'AllowTarget',
  'ScopeTarget',
  'RevokeTarget',
  'AllowFunction',
  'ScopeFunction',
  'RevokeFunction',
] as const;
const EVENT_ABI = EVENTS.map((name) => getAbiItem({ abi: rolesAbi, name }));
/** The decoded events, loosely typed: viem cannot narrow a union of seven events mapped from names. */
type RolesLog = { eventName: (typeof EVENTS)[number]; blockNumber: bigint; args: Record<string, unknown> };

/** eth_getLogs ranges stay within what public RPC providers serve. */
const LOG_RANGE = 10_000n;
/** How long a read role is trusted: coverage checks in a burst share one read. */
const ROLE_CACHE_MS = 10_000;

type FunctionEntry = Role['targets'][number]['functions'][number];
type TargetState = { clearance: number; executionOptions: number; functions: Map<string, FunctionEntry> };

const cache = new Map<string, { at: number; role: Promise<Role> }>();

/** The role as the chain has it now (or as read within the last ROLE_CACHE_MS). */
export function readRole(
  chain: ChainConfig,
  modifier: Address,
  key: Hex,
  fromBlock: bigint,
  opts: { fresh?: boolean } = {},
): Promise<Role> {
  const cacheKey = `${chain.chainId}:${modifier.toLowerCase()}:${key}`;
  const hit = cache.get(cacheKey);
  if (!opts.fresh && hit && Date.now() - hit.at < ROLE_CACHE_MS) return hit.role;
  const role = replay(chain, modifier, key, fromBlock);
  cache.set(cacheKey, { at: Date.now(), role });
  role.catch(() => cache.delete(cacheKey));
  return role;
}

async function replay(chain: ChainConfig, modifier: Address, key: Hex, fromBlock: bigint): Promise<Role> {
  const client = publicClientFor(chain);
  // uncached: viem keeps a block number for its polling interval, and a change mined just now must be in range
  const latest = await client.getBlockNumber({ cacheTime: 0 });
  const members = new Map<string, boolean>();
  const targets = new Map<string, TargetState>();
  const target = (address: string) => {
    let state = targets.get(address);
    if (!state) {
      state = { clearance: 0, executionOptions: 0, functions: new Map() };
      targets.set(address, state);
    }
    return state;
  };
  let lastUpdate = 0;
  for (let from = fromBlock; from <= latest; from += LOG_RANGE) {
    const to = from + LOG_RANGE - 1n < latest ? from + LOG_RANGE - 1n : latest;
    const logs = (await client.getLogs({
      address: modifier,
      events: EVENT_ABI,
      fromBlock: from,
      toBlock: to,
      strict: true,
    })) as unknown as RolesLog[];
    for (const log of logs) {
      lastUpdate = Number(log.blockNumber);
      if (log.eventName === 'AssignRoles') {
        const { module, roleKeys, memberOf } = log.args as unknown as {
          module: Address;
          roleKeys: readonly Hex[];
          memberOf: readonly boolean[];
        };
        roleKeys.forEach((k, i) => {
          if (k.toLowerCase() === key.toLowerCase()) members.set(module.toLowerCase(), memberOf[i]);
        });
        continue;
      }
      const args = log.args as unknown as {
        roleKey: Hex;
        targetAddress: Address;
        selector?: Hex;
        options?: number;
        conditions?: readonly { parent: number; paramType: number; operator: number; compValue: Hex }[];
      };
      if (args.roleKey.toLowerCase() !== key.toLowerCase()) continue;
      const state = target(args.targetAddress.toLowerCase());
      const selector = args.selector?.toLowerCase() as Hex | undefined;
      switch (log.eventName) {
        case 'AllowTarget':
          state.clearance = 1;
          state.executionOptions = args.options ?? 0;
          break;
        case 'ScopeTarget':
          state.clearance = 2;
          state.executionOptions = 0;
          break;
        case 'RevokeTarget':
          state.clearance = 0;
          state.executionOptions = 0;
          break;
        // Function entries survive a revoked or whole-allowed target (the contract keeps them): kept here too.
        case 'AllowFunction':
        case 'ScopeFunction':
          if (selector) {
            const condition =
              log.eventName === 'ScopeFunction' ? unflattenCondition(args.conditions ?? []) : undefined;
            state.functions.set(selector, {
              selector,
              executionOptions: args.options ?? 0,
              wildcarded: log.eventName === 'AllowFunction',
              ...(condition && { condition }),
            });
          }
          break;
        case 'RevokeFunction':
          if (selector) state.functions.delete(selector);
          break;
      }
    }
  }
  return {
    key,
    members: [...members].filter(([, on]) => on).map(([m]) => m as Address),
    targets: [...targets]
      .filter(([, t]) => t.clearance !== 0 || t.functions.size > 0)
      .map(([address, t]) => ({
        address: address as Address,
        clearance: t.clearance,
        executionOptions: t.executionOptions,
        functions: [...t.functions.values()],
      })),
    annotations: [],
    lastUpdate,
  };
}

/**
 * Whether the role lets `member` call `selector` on `to`: false when not at all; true when with any arguments
 * (a whole-target clearance allows every function); else the condition the chain checks the arguments with.
 */
export function roleAllows(
  role: Role,
  member: string,
  to: string,
  selector: string,
): boolean | { condition: Condition } {
  if (!role.members.some((m) => m.toLowerCase() === member.toLowerCase())) return false;
  const target = role.targets.find((t) => t.address.toLowerCase() === to.toLowerCase());
  if (!target || target.clearance === 0) return false;
  if (target.clearance === 1) return true;
  const fn = target.functions.find((f) => f.selector.toLowerCase() === selector.toLowerCase());
  if (!fn) return false;
  return !fn.wildcarded && fn.condition ? { condition: fn.condition } : true;
}
