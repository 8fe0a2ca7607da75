import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@/db/client';
import { chainCursors } from '@/db/schema';

export type Cursor = typeof chainCursors.$inferSelect;

/**
 * Takes the chain's follower lock for the transaction (false when another instance holds it: that one follows
 * the chain now). Transaction-scoped: it ends with the commit, whatever happens to the process.
 */
export async function lockChain(tx: Tx, chainId: number): Promise<boolean> {
  const [row] = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`tickwork.chain-follower:${chainId}`}, 0)) as locked`,
  );
  return Boolean(row?.locked);
}

export async function readCursor(db: DbOrTx, chainId: number): Promise<Cursor | null> {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.chainId, chainId));
  return row ?? null;
}

export async function writeCursor(
  db: DbOrTx,
  chainId: number,
  at: { blockNumber: number; blockHash: string; headNumber: number },
) {
  await db
    .insert(chainCursors)
    .values({ chainId, ...at, updatedAt: new Date() })
    .onConflictDoUpdate({ target: chainCursors.chainId, set: { ...at, updatedAt: new Date() } });
}

/** A chain nothing follows any more forgets where it was: a trigger added later starts at the head. */
export async function forgetCursor(db: DbOrTx, chainId: number) {
  await db.delete(chainCursors).where(eq(chainCursors.chainId, chainId));
}
