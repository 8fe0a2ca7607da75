// A profile's `nonceBlocked`: its sending account's lowest held nonce, once it is held long enough that the
// account's next run would fail `nonce_blocked` (docs/executions.md#transaction-lifecycle). Read from the
// database at request time, one query for a page of profiles.
import type { DbOrTx } from '@/db/client';
import { findChain } from '@/lib/chains/config';
import { feePolicyOf } from '@/lib/chains/fee-policy';
import { type HeldNonce, heldNonceKey, heldNonces, slotWaitMs } from '@/lib/chains/submitters/sender-slot';
import { keyAccountOf } from './key-account';
import type { ProfileRecord } from './schemas';

type NonceBlocked = NonNullable<ProfileRecord['nonceBlocked']>;

type SendingProfile = { workspaceId: string; chainId: number; address: string; executor: string | null };

const accountOf = (profile: SendingProfile) => ({
  workspaceId: profile.workspaceId,
  chainId: profile.chainId,
  sender: keyAccountOf(profile),
});

/**
 * Held too long: a run that gave up and whose cancellation is not mined (`cancellation_pending`), or a run still
 * submitted whose first transaction was accepted longer ago than the chain's slot wait (`not_mined`). A run that
 * is simply in flight, or that ended unknown for another reason, is no block to report; neither is a transaction
 * on a chain this deployment no longer enables (no run of it can start).
 */
function blockOf(held: HeldNonce, now: number): NonceBlocked | null {
  const block = { nonce: held.nonce, executionId: held.executionId, since: held.since.toISOString() };
  if (held.status === 'submitted_unknown')
    return held.errorCode === 'cancellation_pending' ? { ...block, reason: 'cancellation_pending' } : null;
  const chain = findChain(held.chainId);
  if (!chain || now - held.since.getTime() < slotWaitMs(feePolicyOf(chain))) return null;
  return { ...block, reason: 'not_mined' };
}

/** Each profile's block, by profile id (the ones whose account is free are absent). */
export async function nonceBlocksOf(
  db: DbOrTx,
  profiles: (SendingProfile & { id: string })[],
): Promise<Map<string, NonceBlocked>> {
  const held = await heldNonces(db, profiles.map(accountOf));
  const now = Date.now();
  const blocks = new Map<string, NonceBlocked>();
  for (const profile of profiles) {
    const slot = held.get(heldNonceKey(accountOf(profile)));
    const block = slot && blockOf(slot, now);
    if (block) blocks.set(profile.id, block);
  }
  return blocks;
}
