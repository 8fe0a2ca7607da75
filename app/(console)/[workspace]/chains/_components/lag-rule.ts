import type { ChainLag } from '@/lib/follower/lag';

/** Behind the head by more blocks than this at its last pass, the follower lags (docs/triggers.md). */
export const LAG_BLOCKS_WARNING = 20;
/** More ready trigger events than this waiting for their runs, dispatch does not keep up (docs/triggers.md). */
export const READY_BACKLOG_WARNING = 1000;
/** Not updated for longer than this, no instance follows the chain (the follower ticks every second). */
export const LAG_STALE_MS = 30_000;

/** Why the follower of a chain lags (too far behind, stale, or too many ready events), or null when it keeps up. */
export function followerLagReason(lag: ChainLag, now: number): string | null {
  const staleMs = now - new Date(lag.updatedAt).getTime();
  if (staleMs > LAG_STALE_MS) return `not updated for ${Math.round(staleMs / 1000)} s`;
  if (lag.lagBlocks > LAG_BLOCKS_WARNING) return `${lag.lagBlocks} blocks behind`;
  if (lag.readyEvents > READY_BACKLOG_WARNING) return `${lag.readyEvents} events wait for their runs`;
  return null;
}
