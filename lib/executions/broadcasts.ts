// The transactions a run signed (db/schema/broadcasts.ts): written before any endpoint sees them, marked sent or
// refused by what the endpoint answered, and listed on the execution record.
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { BroadcastKind } from '@/db/enums';
import { executions, type SemanticError, transactionBroadcasts } from '@/db/schema';
import type { ChainConfig } from '@/lib/chains/config';
import { feePolicyOf } from '@/lib/chains/fee-policy';
import type { SignedBytes, SignedSubmission } from '@/lib/chains/submitters/types';
import type { BroadcastRecord } from './schemas';

export type Broadcast = typeof transactionBroadcasts.$inferSelect;

/**
 * A run's submission, signed and not yet sent: the run becomes `submitted` with its hash and nonce, and what it
 * signed (a transaction, or a user operation) is recorded as its original broadcast and watched from its first
 * look on (watch.ts), in one transaction. Only while `fence` (the run's claim) holds: false when the run was taken
 * over.
 */
export async function recordSubmission(
  db: DbOrTx,
  run: { id: string; chainId: number },
  chain: ChainConfig | undefined,
  fence: SQL | undefined,
  { txHash, userOpHash, nonce, signed }: SignedSubmission,
): Promise<boolean> {
  const watchAt = signed && chain ? new Date(Date.now() + feePolicyOf(chain).lookIntervalMs) : null;
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(executions)
      .set({ status: 'submitted', txHash: txHash ?? null, userOpHash: userOpHash ?? null, nonce, watchAt })
      .where(and(eq(executions.id, run.id), inArray(executions.status, ['running', 'simulating']), fence))
      .returning({ id: executions.id });
    if (!recorded) return false;
    const hash = txHash ?? userOpHash;
    if (hash && signed)
      await recordBroadcast(tx, { executionId: run.id, chainId: run.chainId }, 'original', {
        txHash: hash,
        nonce,
        signed,
      });
    return true;
  });
}

/**
 * Records a signed transaction of a run (in the caller's transaction, next to the run's own update); a user
 * operation is recorded under its userOpHash.
 */
export async function recordBroadcast(
  tx: DbOrTx,
  run: { executionId: string; chainId: number },
  kind: BroadcastKind,
  { txHash, nonce, signed }: { txHash: string; nonce: number; signed: SignedBytes },
) {
  await tx.insert(transactionBroadcasts).values({
    executionId: run.executionId,
    chainId: run.chainId,
    envelope: signed.envelope ?? 'transaction',
    sender: signed.sender.toLowerCase(),
    nonce,
    kind,
    txHash,
    raw: signed.raw,
    gasLimit: signed.gasLimit,
    maxFeePerGas: signed.maxFeePerGas,
    maxPriorityFeePerGas: signed.maxPriorityFeePerGas,
    route: signed.route ?? 'public',
    publicAfterBlock: signed.publicAfterBlock ?? null,
  });
}

/** An endpoint accepted it (again): the first acceptance sets `sentAt`. */
export async function markSent(db: DbOrTx, executionId: string, txHash: string) {
  await db
    .update(transactionBroadcasts)
    .set({
      state: 'sent',
      sentAt: sql`coalesce(${transactionBroadcasts.sentAt}, now())`,
      lastSentAt: sql`now()`,
      sendCount: sql`${transactionBroadcasts.sendCount} + 1`,
    })
    .where(and(eq(transactionBroadcasts.executionId, executionId), eq(transactionBroadcasts.txHash, txHash)));
}

/** A privately sent one also went to the public mempool (its fallback): `publicAt`, and it counts as a send. */
export async function markSentPublicly(db: DbOrTx, executionId: string, txHash: string) {
  await db
    .update(transactionBroadcasts)
    .set({
      publicAt: sql`now()`,
      lastSentAt: sql`now()`,
      sendCount: sql`${transactionBroadcasts.sendCount} + 1`,
    })
    .where(and(eq(transactionBroadcasts.executionId, executionId), eq(transactionBroadcasts.txHash, txHash)));
}

/**
 * The run ended by this broadcast's receipt: it is the one marked mined. `hash` is the recorded one (a user
 * operation's userOpHash); `bundleTxHash` the transaction that carried a user operation.
 */
export async function markMined(
  db: DbOrTx,
  executionId: string,
  { hash, blockNumber, bundleTxHash }: { hash: string; blockNumber: number; bundleTxHash?: string },
) {
  await db
    .update(transactionBroadcasts)
    .set({ minedBlock: blockNumber, bundleTxHash: bundleTxHash ?? null })
    .where(and(eq(transactionBroadcasts.executionId, executionId), eq(transactionBroadcasts.txHash, hash)));
}

/** An endpoint refused it: it reached no pool, so it holds no nonce (lib/chains/submitters/sender-slot.ts). */
export async function markRefused(db: DbOrTx, executionId: string, txHash: string, error: SemanticError) {
  await db
    .update(transactionBroadcasts)
    .set({ state: 'refused', error })
    .where(
      and(
        eq(transactionBroadcasts.executionId, executionId),
        eq(transactionBroadcasts.txHash, txHash),
        eq(transactionBroadcasts.state, 'signed'),
      ),
    );
}

/** The broadcasts of these runs, oldest first per run. */
export async function broadcastsOf(db: DbOrTx, executionIds: string[]): Promise<Map<string, Broadcast[]>> {
  const byRun = new Map<string, Broadcast[]>();
  if (executionIds.length === 0) return byRun;
  const rows = await db
    .select()
    .from(transactionBroadcasts)
    .where(inArray(transactionBroadcasts.executionId, executionIds))
    .orderBy(asc(transactionBroadcasts.id));
  for (const row of rows) byRun.set(row.executionId, [...(byRun.get(row.executionId) ?? []), row]);
  return byRun;
}

/**
 * A broadcast as the execution record shows it: never its signed bytes. A user operation shows its userOpHash,
 * and as `txHash` the bundle transaction that carried it, once included.
 */
export const toBroadcastRecord = (row: Broadcast): BroadcastRecord => ({
  txHash: row.envelope === 'user_operation' ? row.bundleTxHash : row.txHash,
  userOpHash: row.envelope === 'user_operation' ? row.txHash : null,
  kind: row.kind,
  nonce: row.nonce,
  maxFeePerGas: row.maxFeePerGas,
  maxPriorityFeePerGas: row.maxPriorityFeePerGas,
  state: row.state,
  sentAt: row.sentAt?.toISOString() ?? null,
  sendCount: row.sendCount,
  sentTo: row.route,
  publicAt: row.publicAt?.toISOString() ?? null,
  mined: row.minedBlock !== null,
});
