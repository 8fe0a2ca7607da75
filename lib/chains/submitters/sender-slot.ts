// One transaction in flight per sending account: a run signs at the account's next nonce only once every
// transaction Tickwork sent from it is mined or its nonce used, so no run ever queues behind another's stuck
// transaction (and geth and reth accept no more than one from an EIP-7702-delegated account anyway).
import { and, asc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executions, transactionBroadcasts } from '@/db/schema';
import type { FeePolicy } from '@/lib/chains/fee-policy';

/** How often a run waiting for its account's slot looks again. */
export const SLOT_POLL_MS = 500;
const MAX_SLOT_WAIT_MS = 60_000;

/** How long a run waits for the slot before it fails `nonce_blocked`: two re-pricing intervals, at most a minute. */
export const slotWaitMs = (policy: FeePolicy) => Math.min(2 * policy.replacementIntervalMs, MAX_SLOT_WAIT_MS);

/** The statuses of runs still being seen through: only their transactions hold a nonce. */
const HOLDING_STATUSES = ['submitted', 'submitted_unknown'] as const;

/**
 * A transaction that holds its nonce: of a run still being seen through, and not refused by an endpoint. A user
 * operation holds none of the account's transaction nonces (its own is the EntryPoint's, under a fresh key).
 */
const holdsItsNonce = () =>
  and(
    eq(transactionBroadcasts.envelope, 'transaction'),
    inArray(executions.status, HOLDING_STATUSES),
    ne(transactionBroadcasts.state, 'refused'),
  );

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
        holdsItsNonce(),
        eq(transactionBroadcasts.chainId, chainId),
        eq(transactionBroadcasts.sender, sender.toLowerCase()),
        gte(transactionBroadcasts.nonce, latest),
      ),
    )
    .orderBy(asc(transactionBroadcasts.nonce))
    .limit(1);
  return held ?? null;
}

/** An account's lowest held nonce as `heldNonces` reads it: the run holding it, and since when. */
export type HeldNonce = {
  workspaceId: string;
  chainId: number;
  /** Lower case. */
  sender: string;
  nonce: number;
  executionId: string;
  status: (typeof HOLDING_STATUSES)[number];
  errorCode: string | null;
  /** When an endpoint first accepted one of the run's transactions; when it signed the first, if none was. */
  since: Date;
};

export const heldNonceKey = (a: { workspaceId: string; chainId: number; sender: string }) =>
  `${a.workspaceId}:${a.chainId}:${a.sender.toLowerCase()}`;

/**
 * For each account, the lowest nonce a transaction Tickwork recorded for it still holds (as `heldNonce`, without
 * the chain's count: read from the database alone, a transaction mined a moment ago counts until the watcher sees
 * it), keyed by `heldNonceKey`; accounts that are free are absent. Only runs of the account's workspace count.
 * One query for all the accounts.
 */
export async function heldNonces(
  db: DbOrTx,
  accounts: { workspaceId: string; chainId: number; sender: string }[],
): Promise<Map<string, HeldNonce>> {
  const unique = new Map(accounts.map((a) => [heldNonceKey(a), a]));
  if (unique.size === 0) return new Map();
  const rows = await db
    .selectDistinctOn([executions.workspaceId, transactionBroadcasts.chainId, transactionBroadcasts.sender], {
      workspaceId: executions.workspaceId,
      chainId: transactionBroadcasts.chainId,
      sender: transactionBroadcasts.sender,
      nonce: transactionBroadcasts.nonce,
      executionId: transactionBroadcasts.executionId,
      status: executions.status,
      error: executions.error,
      since: sql`(select coalesce(min(first.sent_at), min(first.created_at))
                    from ${transactionBroadcasts} first where first.execution_id = ${executions.id})`.mapWith(
        transactionBroadcasts.sentAt,
      ),
    })
    .from(transactionBroadcasts)
    .innerJoin(executions, eq(executions.id, transactionBroadcasts.executionId))
    .where(
      and(
        holdsItsNonce(),
        or(
          ...[...unique.values()].map((a) =>
            and(
              eq(executions.workspaceId, a.workspaceId),
              eq(transactionBroadcasts.chainId, a.chainId),
              eq(transactionBroadcasts.sender, a.sender.toLowerCase()),
            ),
          ),
        ),
      ),
    )
    .orderBy(
      executions.workspaceId,
      transactionBroadcasts.chainId,
      transactionBroadcasts.sender,
      asc(transactionBroadcasts.nonce),
    );
  return new Map(
    rows.map(({ error, status, ...row }) => [
      heldNonceKey(row),
      { ...row, status: status as HeldNonce['status'], errorCode: error?.code ?? null },
    ]),
  );
}
