import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { OPEN_TRIGGER_EVENT_STATUSES } from '@/db/enums';
import { triggerEvents } from '@/db/schema';
import { inValues } from '@/db/schema/util';
import type { ChainConfig } from '@/lib/chains/config';
import { type BlockHeader, blockAt } from './rpc';

/** Canonical block headers by number, asked once per pass. */
export function headerCache(chain: ChainConfig) {
  const seen = new Map<number, Promise<BlockHeader | null>>();
  return (n: number) => {
    let header = seen.get(n);
    if (!header) {
      header = blockAt(chain, n);
      seen.set(n, header);
    }
    return header;
  };
}

/**
 * Settles a chain's trigger events against the canonical chain. `promote`: the waiting events at their
 * confirmations (ready_at ≤ head) become ready when their block is still canonical, dropped when it is not.
 * `reorg`: every waiting or ready event from `from` on whose block is no longer canonical is dropped (reason
 * `reorg`: a rescan that finds its log again brings it back, see scan.ts). Only a
 * different hash at the height drops an event: a height the upstream has no block at yet (one behind the
 * others) decides nothing. Looks at 500 blocks at most per call (the next tick goes on).
 */
export async function settleEvents(
  db: DbOrTx,
  chain: ChainConfig,
  mode: { promote: number } | { reorgFrom: number },
): Promise<{ dropped: number; ready: number }> {
  const header = headerCache(chain);
  const which =
    'promote' in mode
      ? sql`status = 'waiting' and ready_at <= ${mode.promote}`
      : sql`${inValues('status', OPEN_TRIGGER_EVENT_STATUSES)} and block_number >= ${mode.reorgFrom}`;
  const blocks = await db.execute<{ block_number: string; block_hash: string }>(sql`
    select distinct block_number, block_hash from trigger_events
     where chain_id = ${chain.chainId} and ${which}
     order by block_number limit 500`);
  const stale: string[] = [];
  const fresh: string[] = [];
  await Promise.all(
    blocks.map(async (b) => {
      const canonical = await header(Number(b.block_number));
      // no block there (an upstream behind the others): nothing is known yet, the next pass looks again
      if (canonical) (canonical.hash === b.block_hash ? fresh : stale).push(b.block_hash);
    }),
  );
  const settle = async (hashes: string[], status: 'dropped' | 'ready') =>
    hashes.length === 0
      ? 0
      : (
          await db
            .update(triggerEvents)
            .set({ status, dropReason: status === 'dropped' ? 'reorg' : null })
            .where(
              and(
                eq(triggerEvents.chainId, chain.chainId),
                inArray(triggerEvents.blockHash, hashes),
                'promote' in mode
                  ? and(eq(triggerEvents.status, 'waiting'), sql`${triggerEvents.readyAt} <= ${mode.promote}`)
                  : inArray(triggerEvents.status, [...OPEN_TRIGGER_EVENT_STATUSES]),
              ),
            )
            .returning({ id: triggerEvents.id })
        ).length;
  const dropped = await settle(stale, 'dropped');
  const ready = 'promote' in mode ? await settle(fresh, 'ready') : 0;
  return { dropped, ready };
}

/**
 * The lowest height in [from, below) where a stored trigger event (any status) has a block hash that is no longer
 * the canonical one there: a reorg reached at least that deep. Null when none shows it (no stored event there,
 * or all still canonical). Looks at 500 heights at most.
 */
export async function lowestStaleBlock(
  db: DbOrTx,
  chain: ChainConfig,
  range: { from: number; below: number },
): Promise<number | null> {
  if (range.from >= range.below) return null;
  const blocks = await db.execute<{ block_number: string; block_hash: string }>(sql`
    select distinct block_number, block_hash from trigger_events
     where chain_id = ${chain.chainId} and block_number >= ${range.from} and block_number < ${range.below}
     order by block_number limit 500`);
  const header = headerCache(chain);
  const stale = await Promise.all(
    blocks.map(async (b) => {
      const canonical = await header(Number(b.block_number));
      return canonical && canonical.hash !== b.block_hash ? Number(b.block_number) : null;
    }),
  );
  const heights = stale.filter((n): n is number => n !== null);
  return heights.length ? Math.min(...heights) : null;
}
