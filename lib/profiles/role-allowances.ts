// The allowances a roles profile's role spends from, read from chain: the names its conditions count against
// (read from the modifier's events) and each one's balance with the refills due. Null when the chain does not
// answer in time: a page or a check that shows them never fails because of the chain.
import { inArray } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { DbOrTx } from '@/db/client';
import { profiles } from '@/db/schema';
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

/**
 * Of the allowances `names`, those the profile's modifier does not hold (none was ever set): what a role change
 * whose conditions spend from them must set as well. Null when the chain does not answer in time.
 */
export async function allowancesNotHeld(
  profile: ProfileForTx,
  names: readonly string[],
): Promise<string[] | null> {
  if (names.length === 0) return [];
  const chain = findChain(profile.chainId);
  if (!chain || !profile.rolesModifier) return null;
  try {
    const readings = await withTimeout(
      readAllowances(chain, getAddress(profile.rolesModifier), [...new Set(names)]),
      READ_TIMEOUT_MS,
    );
    return readings.filter((r) => !r.set).map((r) => r.name);
  } catch {
    return null;
  }
}

/** Each roles profile's allowances by id (a page's read: the profiles at once, each with its own deadline). */
export async function readRoleAllowancesOf(
  db: DbOrTx,
  profileIds: readonly string[],
): Promise<Map<string, AllowanceReading[] | null>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(profiles)
    .where(inArray(profiles.id, [...profileIds]));
  return new Map(
    await Promise.all(rows.map(async (row) => [row.id, await readRoleAllowances(row)] as const)),
  );
}
