import { TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { ChainLag } from '@/lib/follower/lag';
import { followerLagReason, LAG_BLOCKS_WARNING, READY_BACKLOG_WARNING } from './lag-rule';

/**
 * The chain follower's state under the Block column of the Chains page (compact: the table fits 1280 px): its
 * cursor, the head it saw, the lag in blocks and the time since it last wrote the cursor, the ready-event backlog,
 * and a warning when it lags. Nothing for a chain it has no cursor for.
 */
export function FollowerLag({ lag, now }: { lag: ChainLag | undefined; now: number }) {
  if (!lag) return null;
  const reason = followerLagReason(lag, now);
  const seconds = Math.max(0, Math.round((now - new Date(lag.updatedAt).getTime()) / 1000));
  return (
    <span
      className="mt-1.5 grid max-w-28 gap-0.5 whitespace-normal border-t pt-1.5 text-xs tabular-nums"
      data-testid="follower-lag"
      data-lagging={reason ? 'true' : 'false'}
      title={`Trigger follower: cursor #${lag.cursorBlock}, head #${lag.headBlock} at its last pass. Ready to run: trigger events at their confirmations waiting for their runs. Lagging: more than ${LAG_BLOCKS_WARNING} blocks behind, more than ${READY_BACKLOG_WARNING} events ready, or not updated for 30 s.`}
    >
      <span className="text-muted-foreground">Follower</span>
      <span className="font-mono">#{lag.cursorBlock.toLocaleString('en-US')}</span>
      <span className="text-muted-foreground">
        {lag.lagBlocks} behind · {seconds} s ago
      </span>
      <span className="text-muted-foreground" data-testid="follower-ready">
        {lag.readyEvents.toLocaleString('en-US')} ready to run
      </span>
      {reason && (
        <>
          <Badge variant="warning">
            <TriangleAlert />
            Lagging
          </Badge>
          <span className="leading-snug">{reason}</span>
        </>
      )}
      {lag.lastError && lag.lastError.at > lag.updatedAt && (
        <span className="text-destructive leading-snug">{lag.lastError.message}</span>
      )}
    </span>
  );
}
