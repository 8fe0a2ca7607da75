import { Badge } from '@/components/ui/badge';
import type { PublicChainStatus } from '@/lib/status/chain-status';

const STATUS_BADGE = {
  operational: { variant: 'success', label: 'Operational' },
  degraded: { variant: 'warning', label: 'Degraded' },
  syncing: { variant: 'secondary', label: 'Syncing' },
  down: { variant: 'destructive', label: 'Down' },
} as const;

/** A chain's status as a colored badge (the console's Chains page and the public status page). */
export function ChainStatusBadge({ status }: { status: PublicChainStatus }) {
  const badge = STATUS_BADGE[status];
  return (
    <Badge variant={badge.variant}>
      <span className="size-1.5 rounded-full bg-current" />
      {badge.label}
    </Badge>
  );
}
