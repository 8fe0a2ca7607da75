// Console: prepares the Safe transaction that lets a Safe or roles profile make calls to itself (its Safe, Roles
// modifier or executor), for the owners to sign on the signing page like the module's enablement. Nothing is
// allowed until the owners execute it: the allowance is what the Safe signed on chain, never this record.
import { getAddress } from 'viem';
import type { DbOrTx } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { findChain } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { readSafeOrRefuse } from '@/lib/safe/read';
import { normalizeScope, type ScopeEntry } from '@/lib/zodiac/role';
import { planSafeTx } from './safe-transaction-plans';
import { insertSafeTransaction } from './safe-transactions';
import { selfCallsOfScope, unallowedSelfCallsOf } from './self-call-allowance';
import { profileEvent, requireProfile } from './service';

/**
 * Prepares `allow_self_calls` for `calls` (targets and 4-byte selectors, as a `call_not_permitted` refusal names
 * them) at the Safe's current nonce, in the audit log as `actor`'s. Answers the transaction's id. `400 invalid_request` for a call that is not to
 * the profile itself, `409 self_calls_already_allowed` when the Safe allows them all already.
 */
export async function prepareSelfCallAllowance(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  profileId: string,
  calls: readonly ScopeEntry[],
): Promise<string> {
  const profile = await requireProfile(db, workspaceId, profileId);
  if (profile.kind === 'legacy' || !profile.executor)
    throw apiError('profile_not_safe', 'only Safe and roles profiles refuse calls to themselves');
  const chain = findChain(profile.chainId);
  if (!chain || !getChainContracts(profile.chainId)?.signMessageLib)
    throw apiError(
      'chain_not_supported',
      `chain ${profile.chainId} has no SignMessageLib configured: its Safes cannot allow self-calls`,
    );
  const scope = normalizeScope(calls);
  const selfCalls = selfCallsOfScope(profile, scope);
  const named = scope.reduce((n, entry) => n + entry.functions.length, 0);
  if (selfCalls.length === 0 || selfCalls.length !== named)
    throw apiError(
      'invalid_request',
      "only calls to the profile's own Safe, Roles modifier or executor need the owners' allowance",
    );
  const unallowed = await unallowedSelfCallsOf(profile, scope).catch(() => {
    throw apiError('chain_unavailable', "the profile's Safe could not be read; try again");
  });
  if (unallowed.length === 0)
    throw apiError('self_calls_already_allowed', 'the Safe already allows these calls');
  const reading = await readSafeOrRefuse(chain, getAddress(profile.address));
  const tx = await planSafeTx(chain, profile, 'allow_self_calls', reading, { scope });
  if (!tx) throw new Error('an allowance of at least one self-call has a call');
  return db.transaction(async (t) => {
    const id = await insertSafeTransaction(t, profile, 'allow_self_calls', tx, scope);
    await recordAudit(
      t,
      profileEvent(actor, 'profile.self_calls_allow_prepared', profile, {
        safeTransactionId: id,
        calls: scope,
      }),
    );
    return id;
  });
}
