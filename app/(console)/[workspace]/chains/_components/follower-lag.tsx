import { TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { ChainLag } from '@/lib/triggers/lag';
import { followerLagReason, LAG_BLOCKS_WARNING } from './lag-rule';

/**
 * The chain follower's state on the Chains page: its cursor, the head it saw, the lag in blocks and the time
 * since it last moved, and a warning when it lags.
 */
export function FollowerLagCell({ lag, now }: { lag: ChainLag | undefined; now: number }) {
  if (!lag) return <span className="text-muted-foreground">—</span>;
  const reason = followerLagReason(lag, now);
  const seconds = Math.max(0, Math.round((now - new Date(lag.updatedAt).getTime()) / 1000));
  return (
    <span
      className="grid gap-1 tabular-nums"
      data-testid="follower-lag"
      data-lagging={reason ? 'true' : 'false'}
    >
      <span className="whitespace-nowrap font-mono text-xs">
        #{lag.cursorBlock.toLocaleString('en-US')} / #{lag.headBlock.toLocaleString('en-US')}
      </span>
      <span className="whitespace-nowrap text-muted-foreground text-xs">
        {lag.lagBlocks} blocks behind · {seconds} s ago
      </span>
      {reason && (
        <Badge
          variant="warning"
          title={`Lagging: more than ${LAG_BLOCKS_WARNING} blocks behind or not updated for 30 s`}
        >
          <TriangleAlert />
          Lagging: {reason}
        </Badge>
      )}
      {lag.lastError && lag.lastError.at > lag.updatedAt && (
        <span className="max-w-48 whitespace-normal text-destructive text-xs leading-snug">
          {lag.lastError.message}
        </span>
      )}
    </span>
  );
}
