// The allowances a roles profile's role spends from, read from chain: the names its conditions count against
// (read from the modifier's events) and each one's balance with the refills due. Null when the chain does not
// answer in time: a page or a check that shows them never fails because of the chain.
import { getAddress } from 'viem';
import { findChain } from '@/lib/chains/config';
import { withTimeout } from '@/lib/net/timeout';
import { type AllowanceReading, readAllowances } from '@/lib/zodiac/allowances';
import { allowancesIn } from '@/lib/zodiac/condition-tree';
import { scopeOf } from '@/lib/zodiac/role';
import { chainRole, type ProfileForTx } from './safe-transaction-plans';

const READ_TIMEOUT_MS = 6_000;

export async function readRoleAllowances(profile: ProfileForTx): Promise<AllowanceReading[] | null> {
  const chain = findChain(profile.chainId);
  if (profile.kind !== 'roles' || !chain || !profile.rolesModifier) return null;
  try {
    return await withTimeout(
      (async () => {
        const role = await chainRole(chain, profile);
        const names = [
          ...new Set(
            scopeOf(role).flatMap((entry) => Object.values(entry.conditions ?? {}).flatMap(allowancesIn)),
          ),
        ];
        return names.length === 0
          ? []
          : readAllowances(chain, getAddress(profile.rolesModifier as string), names);
      })(),
      READ_TIMEOUT_MS,
    );
  } catch {
    return null;
  }
}
