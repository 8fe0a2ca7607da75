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
  /** When the follower last moved or confirmed the cursor (a stale time means no instance follows the chain). */
  updatedAt: string;
} & Pick<FollowerStats, 'lastJump' | 'lastReorg' | 'lastError'>;

/**
 * The chain follower's lag per followed chain (chain_cursors), with this process's last jump, reorg and error
 * (stats are per process: another instance may be the one following). For the Chains page.
 */
export async function chainFollowerLag(db: DbOrTx): Promise<ChainLag[]> {
  const rows = await db.select().from(chainCursors);
  return rows.map((r) => {
    const { lastJump, lastReorg, lastError } = followerStats(r.chainId);
    return {
      chainId: r.chainId,
      cursorBlock: r.blockNumber,
      headBlock: r.headNumber,
      lagBlocks: Math.max(0, r.headNumber - r.blockNumber),
      updatedAt: r.updatedAt.toISOString(),
      lastJump,
      lastReorg,
      lastError,
    };
  });
}
