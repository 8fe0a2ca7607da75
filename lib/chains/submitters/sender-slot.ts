// One transaction in flight per sending account: a run signs at the account's next nonce only once every
// transaction Tickwork sent from it is mined or its nonce used, so no run ever queues behind another's stuck
// transaction (and geth and reth accept no more than one from an EIP-7702-delegated account anyway).
import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executions, transactionBroadcasts } from '@/db/schema';
import type { FeePolicy } from '@/lib/chains/fee-policy';

/** How often a run waiting for its account's slot looks again. */
export const SLOT_POLL_MS = 500;
const MAX_SLOT_WAIT_MS = 60_000;

/** How long a run waits for the slot before it fails `nonce_blocked`: two re-pricing intervals, at most a minute. */
export const slotWaitMs = (policy: FeePolicy) => Math.min(2 * policy.replacementIntervalMs, MAX_SLOT_WAIT_MS);

/**
 * The lowest nonce at or above the chain's count (`latest`) that a transaction Tickwork recorded for this account
 * still holds, with its run; null when the account is free. Only runs still being seen through hold one (a run
 * that ended let go of its nonce: a reorg may have taken back its mined transaction), and a broadcast an endpoint
 * refused holds nothing.
 */
export async function heldNonce(
  db: DbOrTx,
  chainId: number,
  sender: string,
  latest: number,
): Promise<{ nonce: number; executionId: string } | null> {
  const [held] = await db
    .select({ nonce: transactionBroadcasts.nonce, executionId: transactionBroadcasts.executionId })
    .from(transactionBroadcasts)
    .innerJoin(executions, eq(executions.id, transactionBroadcasts.executionId))
    .where(
      and(
        inArray(executions.status, ['submitted', 'submitted_unknown']),
        eq(transactionBroadcasts.chainId, chainId),
        eq(transactionBroadcasts.sender, sender.toLowerCase()),
        gte(transactionBroadcasts.nonce, latest),
        ne(transactionBroadcasts.state, 'refused'),
      ),
    )
    .orderBy(asc(transactionBroadcasts.nonce))
    .limit(1);
  return held ?? null;
}
