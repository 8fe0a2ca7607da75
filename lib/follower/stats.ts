/** What this process's follower saw last per chain (the Chains page and the logs read it; not persisted). */
export type FollowerStats = {
  /** Blocks skipped by the last jump past the backfill limit, and when. */
  lastJump: { fromBlock: number; toBlock: number; at: string } | null;
  /** The last reorg detected: the height it was seen at and where the follower went back to. */
  lastReorg: { atBlock: number; rescanFrom: number; dropped: number; at: string } | null;
  lastError: { message: string; at: string } | null;
};

const state = globalThis as unknown as { tickworkFollowerStats?: Map<number, FollowerStats> };

export function followerStats(chainId: number): FollowerStats {
  state.tickworkFollowerStats ??= new Map();
  let stats = state.tickworkFollowerStats.get(chainId);
  if (!stats) {
    stats = { lastJump: null, lastReorg: null, lastError: null };
    state.tickworkFollowerStats.set(chainId, stats);
  }
  return stats;
}
