import type { ChainStatus } from '@/lib/gateway/health';

/** The statuses the public page shows: the console's three, and `down` when no upstream answers at all. */
export const PUBLIC_CHAIN_STATUSES = ['operational', 'degraded', 'syncing', 'down'] as const;
export type PublicChainStatus = (typeof PUBLIC_CHAIN_STATUSES)[number];

/** What this process's last health poll of a chain saw: whether it ran, and how many upstreams answered it. */
export type LastPoll = { polled: boolean; answered: number };

const DOWN_REASON = 'No upstream answered the last health check.';

/**
 * A chain's public status from the console's (lib/gateway/health.ts, with its reason words unchanged): `down`
 * when the chain was polled and none of its upstreams answered the poll (the console shows that as degraded,
 * by the error ratio), else the console's status.
 */
export function publicChainStatus(
  status: Pick<ChainStatus, 'status' | 'statusReason'>,
  lastPoll: LastPoll,
): { status: PublicChainStatus; statusReason: string } {
  if (lastPoll.polled && lastPoll.answered === 0)
    return { status: 'down', statusReason: `${DOWN_REASON} ${status.statusReason}` };
  return { status: status.status, statusReason: status.statusReason };
}

const SEVERITY: Record<PublicChainStatus, number> = { operational: 0, syncing: 1, degraded: 2, down: 3 };

/** The worst status among the chains (operational when there are none): the page's headline. */
export function overallStatus(statuses: readonly PublicChainStatus[]): PublicChainStatus {
  return statuses.reduce<PublicChainStatus>(
    (worst, s) => (SEVERITY[s] > SEVERITY[worst] ? s : worst),
    'operational',
  );
}
