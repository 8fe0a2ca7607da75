import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { chainCursors } from '@/db/schema';
import { type FollowerStats, followerStats } from './stats';

export type ChainLag = {
  chainId: number;
  /** The last block the follower scanned, and the head it saw then. */
  cursorBlock: number;
  headBlock: number;
  /** Blocks behind the head at the last pass (0: caught up). */
  lagBlocks: number;
  /**
   * Trigger events of active executables at their confirmations and not started yet (the dispatch backlog:
   * one run at a time per executable, so a backlog that grows means runs end slower than logs come).
   */
  readyEvents: number;
  /** When the follower last moved or confirmed the cursor (a stale time means no instance follows the chain). */
  updatedAt: string;
} & Pick<FollowerStats, 'lastJump' | 'lastReorg' | 'lastError'>;

/**
 * The chain follower's lag per followed chain (chain_cursors), with this process's last jump, reorg and error
 * (stats are per process: another instance may be the one following), and its ready-event backlog. For the
 * Chains page.
 */
export async function chainFollowerLag(db: DbOrTx): Promise<ChainLag[]> {
  const rows = await db.select().from(chainCursors);
  const backlog = await db.execute<{ chain_id: number; ready: string }>(sql`
    select te.chain_id, count(*) as ready from trigger_events te
      join executables e on e.id = te.executable_id and e.state = 'active'
     where te.status = 'ready' group by te.chain_id`);
  const readyByChain = new Map(backlog.map((b) => [Number(b.chain_id), Number(b.ready)]));
  return rows.map((r) => {
    const { lastJump, lastReorg, lastError } = followerStats(r.chainId);
    return {
      chainId: r.chainId,
      cursorBlock: r.blockNumber,
      headBlock: r.headNumber,
      lagBlocks: Math.max(0, r.headNumber - r.blockNumber),
      readyEvents: readyByChain.get(r.chainId) ?? 0,
      updatedAt: r.updatedAt.toISOString(),
      lastJump,
      lastReorg,
      lastError,
    };
  });
}
