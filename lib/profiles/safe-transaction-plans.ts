// What each prepared Safe transaction of a profile is, and how to tell it has happened: enabling or disabling
// Tickwork's module (a Safe profile's executor, a roles profile's Roles modifier), setting a roles profile up,
// changing its role, and allowing calls to the profile itself. Built from the chain as it is now, so a stale transaction can be prepared again.

import { type Address, getAddress, type Hex } from 'viem';
import type { Role } from 'zodiac-roles-sdk';
import type { SafeTransactionPurpose } from '@/db/enums';
import type { profiles } from '@/db/schema';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { isModuleEnabled, previousModule, type SafeReading } from '@/lib/safe/read';
import { disableModuleTx, enableModuleTx, type SafeTx } from '@/lib/safe/transaction';
import type { AllowanceSpec } from '@/lib/zodiac/allowance-spec';
import { readAllowances, setAllowanceCalls } from '@/lib/zodiac/allowances';
import { readRole } from '@/lib/zodiac/read';
import {
  extendedRole,
  normalizeScope,
  roleChangeCalls,
  roleFor,
  type ScopeEntry,
  scopeOf,
} from '@/lib/zodiac/role';
import { batchSafeTx } from '@/lib/zodiac/setup';
import { selfCallAllowanceTx, unallowedSelfCallsOf } from './self-call-allowance';

export type ProfileForTx = Pick<
  typeof profiles.$inferSelect,
  | 'id'
  | 'workspaceId'
  | 'projectId'
  | 'kind'
  | 'chainId'
  | 'address'
  | 'executor'
  | 'rolesModifier'
  | 'roleKey'
  | 'rolesSinceBlock'
>;

/** The module of the Safe that gives Tickwork access: the executor (safe), the Roles modifier (roles). */
export function tickworkModuleOf(profile: ProfileForTx): Address {
  const module = profile.kind === 'roles' ? profile.rolesModifier : profile.executor;
  if (!module) throw new Error(`a ${profile.kind} profile without its module`);
  return getAddress(module);
}

/** The executor's role as the chain has it now (fresh: owners may have changed it outside Tickwork). */
export function chainRole(
  chain: ChainConfig,
  profile: ProfileForTx,
  opts: { fresh?: boolean } = {},
): Promise<Role> {
  if (!profile.rolesModifier || !profile.roleKey) throw new Error('not a roles profile');
  return readRole(
    chain,
    getAddress(profile.rolesModifier),
    profile.roleKey as Hex,
    BigInt(profile.rolesSinceBlock ?? 0),
    opts,
  );
}

/**
 * The SafeTx for a purpose at the Safe's current nonce; null when there is nothing to do (a role already as
 * wanted). `previous` is the transaction being prepared again: a setup keeps its calls (its salt), a role
 * change and a self-call allowance their wanted scope.
 */
export async function planSafeTx(
  chain: ChainConfig,
  profile: ProfileForTx,
  purpose: SafeTransactionPurpose,
  reading: SafeReading,
  previous?: { tx?: SafeTx; scope: ScopeEntry[] | null; allowances?: AllowanceSpec[] | null },
): Promise<SafeTx | null> {
  const module = () => tickworkModuleOf(profile);
  switch (purpose) {
    case 'enable_module':
      return enableModuleTx(reading.address, module(), reading.nonce);
    case 'disable_module':
      return disableModuleTx(reading.address, previousModule(reading, module()), module(), reading.nonce);
    case 'setup_roles':
      if (!previous?.tx) throw new Error('a roles setup is prepared when the profile is created');
      return { ...previous.tx, nonce: reading.nonce };
    case 'change_role': {
      const contracts = getChainContracts(chain.chainId);
      if (!contracts || !profile.executor || !previous?.scope)
        throw new Error('a role change needs its scope');
      const current = await chainRole(chain, profile, { fresh: true });
      const wanted = {
        ...roleFor(getAddress(profile.executor), previous.scope, current.key),
        members: current.members,
      };
      const modifier = tickworkModuleOf(profile);
      const allowances = await allowancesToSet(chain, modifier, previous.allowances ?? []);
      const calls = [
        ...setAllowanceCalls(modifier, allowances),
        ...roleChangeCalls(modifier, current, wanted),
      ];
      return calls.length === 0 ? null : batchSafeTx(contracts, calls, reading.nonce);
    }
    case 'allow_self_calls':
      return selfCallAllowanceTx(chain, profile, previous?.scope ?? [], reading.nonce);
  }
}

/** The role `scope` extended by `missing`, for a change_role transaction (what "allow these calls" asks). */
export function widenedScope(current: Role, executor: Address, missing: readonly ScopeEntry[]): ScopeEntry[] {
  return scopeOf(extendedRole(current, executor, missing));
}

/** Whether what the transaction asks for holds on chain now (it was executed, or the owners did it otherwise). */
export async function purposeHolds(
  chain: ChainConfig,
  profile: ProfileForTx,
  purpose: SafeTransactionPurpose,
  scope: ScopeEntry[] | null,
  allowances: AllowanceSpec[] | null = null,
): Promise<boolean> {
  const safe = getAddress(profile.address);
  switch (purpose) {
    case 'enable_module':
      return isModuleEnabled(chain, safe, tickworkModuleOf(profile));
    case 'disable_module':
      return !(await isModuleEnabled(chain, safe, tickworkModuleOf(profile)));
    case 'setup_roles': {
      const code = await publicClientFor(chain).getCode({ address: tickworkModuleOf(profile) });
      return !!code && code !== '0x' && (await isModuleEnabled(chain, safe, tickworkModuleOf(profile)));
    }
    case 'change_role': {
      const role = await chainRole(chain, profile, { fresh: true });
      if (!sameScope(scopeOf(role), scope ?? [])) return false;
      return (await allowancesToSet(chain, tickworkModuleOf(profile), allowances ?? [])).length === 0;
    }
    case 'allow_self_calls':
      return (await unallowedSelfCallsOf(profile, scope ?? [])).length === 0;
  }
}

/** The allowances of `wanted` the modifier does not hold as asked (amount, period, and periods' start). */
async function allowancesToSet(
  chain: ChainConfig,
  modifier: Address,
  wanted: readonly AllowanceSpec[],
): Promise<AllowanceSpec[]> {
  if (wanted.length === 0) return [];
  const held = await readAllowances(
    chain,
    modifier,
    wanted.map((a) => a.name),
  );
  return wanted.filter((spec, i) => {
    const now = held[i];
    return !(
      now.set &&
      now.maxRefill === BigInt(spec.amount) &&
      now.refill === BigInt(spec.amount) &&
      now.periodSeconds === spec.periodSeconds &&
      (spec.start === undefined ||
        spec.periodSeconds === 0 ||
        (now.periodStart - spec.start) % spec.periodSeconds === 0)
    );
  });
}

const sameScope = (a: readonly ScopeEntry[], b: readonly ScopeEntry[]) =>
  JSON.stringify(normalizeScope(a)) === JSON.stringify(normalizeScope(b));
