import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '@/db/client';
import { chainCursors } from '@/db/schema';
import { followedChainIds } from './match';

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

/**
 * A chain nothing follows any more forgets where it was: a trigger added later starts at the head. Under the
 * chain's lock (an instance following it now keeps it), and after looking again inside it whether an active
 * trigger follows the chain (one activated since the caller looked keeps it). Answers whether it forgot it.
 */
export async function forgetUnfollowedCursor(db: Db, chainId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await readCursor(tx, chainId))) return false;
    if (!(await lockChain(tx, chainId))) return false;
    if ((await followedChainIds(tx)).includes(chainId)) return false;
    await tx.delete(chainCursors).where(eq(chainCursors.chainId, chainId));
    return true;
  });
}
