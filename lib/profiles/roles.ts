// Roles profiles: a Safe whose owners let Tickwork's executor make only the calls its role on a Zodiac Roles v2
// modifier allows. Extending the role is a Safe transaction like any other: prepared here, signed by the owners.
import { getAddress } from 'viem';
import type { DbOrTx } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { findChain } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { readSafe } from '@/lib/safe/read';
import { safeTxHash } from '@/lib/safe/transaction';
import type { AllowanceSpec } from '@/lib/zodiac/allowance-spec';
import { allowancesIn } from '@/lib/zodiac/condition-tree';
import { describeSafeTx, type FunctionNames } from '@/lib/zodiac/describe';
import type { ScopeEntry } from '@/lib/zodiac/role';
import { allowancesNotHeld } from './role-allowances';
import { chainRole, type ProfileForTx, planSafeTx, widenedScope } from './safe-transaction-plans';
import { insertSafeTransaction } from './safe-transactions';
import { profileEvent, requireProfile } from './service';

/** The scope the role would have with `missing` allowed too, and the Safe transaction that gets it there. */
async function roleChange(
  profile: ProfileForTx,
  missing: readonly ScopeEntry[],
  allowances: readonly AllowanceSpec[] = [],
) {
  const chain = findChain(profile.chainId);
  const contracts = getChainContracts(profile.chainId);
  if (!chain || !contracts || !profile.executor)
    throw apiError('chain_not_enabled', `chain ${profile.chainId} is not enabled on this deployment`);
  const [reading, current] = await Promise.all([
    readSafe(chain, getAddress(profile.address)),
    chainRole(chain, profile, { fresh: true }),
  ]);
  const scope = widenedScope(current, getAddress(profile.executor), missing);
  const tx = await planSafeTx(chain, profile, 'change_role', reading, {
    tx: { to: contracts.multiSendCallOnly, value: 0n, data: '0x', operation: 1, nonce: reading.nonce },
    scope,
    allowances: [...allowances],
  });
  return { scope, tx, safe: reading.address, multiSend: [contracts.multiSendCallOnly, contracts.multiSend] };
}

/**
 * What a `409 permissions_not_covered` of a roles profile carries: the Safe transaction (not stored) that would
 * allow the missing calls, its hash at the Safe's current nonce and its calls in words. Null when it cannot be
 * built (the chain did not answer): the error still names what is missing.
 */
export async function coveringTransactionPreview(
  profile: ProfileForTx,
  missing: readonly ScopeEntry[],
  names?: FunctionNames,
) {
  try {
    const { tx, safe, multiSend } = await roleChange(profile, missing);
    if (!tx) return null;
    return {
      safe,
      nonce: tx.nonce.toString(),
      safeTxHash: safeTxHash(profile.chainId, safe, tx),
      calls: describeSafeTx(tx, safe, { multiSend, names }).map((c) => ({
        to: c.to,
        description: c.description,
      })),
    };
  } catch {
    return null;
  }
}

/**
 * `409 allowance_not_set` when a condition of `missing` spends from an allowance that neither `allowances` sets
 * nor the modifier holds: the role would refuse every such call (`AllowanceExceeded` on a balance of nothing).
 */
async function requireAllowancesHeld(
  profile: ProfileForTx,
  missing: readonly ScopeEntry[],
  allowances: readonly AllowanceSpec[],
) {
  const named = [
    ...new Set(missing.flatMap((entry) => Object.values(entry.conditions ?? {}).flatMap(allowancesIn))),
  ].filter((name) => !allowances.some((a) => a.name === name));
  const notHeld = await allowancesNotHeld(profile, named);
  if (notHeld === null)
    throw apiError('chain_unavailable', "the role's allowances could not be read from the chain; try again");
  if (notHeld.length > 0)
    throw apiError(
      'allowance_not_set',
      `the conditions spend from ${notHeld.map((n) => `allowance "${n}"`).join(', ')}, which the role does not hold: set ${notHeld.length === 1 ? 'its' : 'their'} amount and period`,
      { allowances: notHeld },
    );
}

/**
 * Console ("Allow these calls"): prepares the role change that allows `missing` on top of what the role allows
 * now, setting `allowances` too, for the owners to sign. Answers the transaction's id; `409 role_already_covers`
 * when nothing is missing.
 */
export async function prepareRoleChange(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  profileId: string,
  missing: readonly ScopeEntry[],
  allowances: readonly AllowanceSpec[] = [],
): Promise<string> {
  const profile = await requireProfile(db, workspaceId, profileId);
  if (profile.kind !== 'roles')
    throw apiError('profile_not_roles', 'only a roles profile has a role to extend');
  await requireAllowancesHeld(profile, missing, allowances);
  const { scope, tx } = await roleChange(profile, missing, allowances);
  if (!tx)
    throw apiError('role_already_covers', 'the role already allows these calls and holds these allowances');
  return db.transaction(async (t) => {
    const id = await insertSafeTransaction(t, profile, 'change_role', tx, scope, [...allowances]);
    await recordAudit(
      t,
      profileEvent(actor, 'profile.role_change_prepared', profile, {
        safeTransactionId: id,
        allowed: missing,
        ...(allowances.length > 0 && { allowances }),
      }),
    );
    return id;
  });
}
