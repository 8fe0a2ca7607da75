import { sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { triggerEvents } from '@/db/schema';
import type { ChainConfig } from '@/lib/chains/config';
import { newId } from '@/lib/ids';
import type { Cursor } from './cursor';
import { writeCursor } from './cursor';
import { blockPayload, logMatches, logPayload, unionFilter, type Watched } from './match';
import { headerCache } from './reorg';
import { type BlockHeader, logsIn, type RpcLog } from './rpc';

/** How often a range is read again when its logs' block hashes are not the canonical ones, before giving up. */
const LOG_ATTEMPTS = 3;

export type ScanOutcome = { kind: 'scanned'; to: number; events: number } | { kind: 'moved' };

/**
 * Scans blocks [from, to] of a chain for its watched triggers, inside the follower's transaction: the logs
 * matching an event trigger and the blocks a block trigger counts become trigger events (waiting for their
 * confirmations; unique on (executable, chain, block hash, log index), so a rescan never adds one twice, and
 * brings back as waiting one a reorg dropped, for a chain that went back to that fork), and the cursor moves to
 * `to`. When the chain changed under the scan (the cursor's block or `to`'s hash is not what it was around the
 * `eth_getLogs`), nothing is written: the next pass sees the reorg. A log whose block hash is not the canonical
 * one at its height (an upstream answering from a stale fork) makes the range be read again, at most
 * `LOG_ATTEMPTS` times, then the pass ends without writing (the next one tries again).
 */
export async function scanRange(
  tx: Tx,
  chain: ChainConfig,
  cursor: Cursor,
  range: { from: number; to: number; head: number },
  watched: Watched[],
): Promise<ScanOutcome> {
  const { from, to, head } = range;
  const header = headerCache(chain);
  const toBlock = await header(to);
  if (!toBlock) return { kind: 'moved' };
  const filter = unionFilter(watched);
  let logs: RpcLog[] | null = null;
  for (let attempt = 0; attempt < LOG_ATTEMPTS && !logs; attempt++) {
    const got = filter ? await logsIn(chain, from, to, filter) : [];
    // the chain up to `to` is the one the logs came from: `to` and the cursor's block are still canonical, and
    // each log's block hash is the canonical one at its height (an upstream on a stale fork answers others)
    const after = headerCache(chain);
    const [cursorAgain, toAgain] = await Promise.all([after(cursor.blockNumber), after(to)]);
    if (cursorAgain?.hash !== cursor.blockHash || toAgain?.hash !== toBlock.hash) return { kind: 'moved' };
    if (await onCanonicalBlocks(got, after)) logs = got;
  }
  if (!logs) return { kind: 'moved' };

  const rows: (typeof triggerEvents.$inferInsert)[] = [];
  for (const log of logs) {
    const payload = logPayload(log);
    for (const w of watched)
      if (w.trigger.type === 'event' && logMatches(w.trigger, payload))
        rows.push({
          id: newId('triggerEvent'),
          executableId: w.executableId,
          chainId: chain.chainId,
          blockNumber: payload.blockNumber,
          blockHash: payload.blockHash,
          logIndex: payload.logIndex,
          payload,
          readyAt: payload.blockNumber + w.trigger.confirmations,
        });
  }
  const blockWatchers = watched.flatMap((w) =>
    w.trigger.type === 'block' ? [{ ...w, trigger: w.trigger }] : [],
  );
  if (blockWatchers.length) {
    const counted = new Set<number>();
    for (const w of blockWatchers)
      for (
        let n = Math.ceil(from / w.trigger.everyBlocks) * w.trigger.everyBlocks;
        n <= to;
        n += w.trigger.everyBlocks
      )
        counted.add(n);
    const headers = new Map<number, Awaited<ReturnType<typeof header>>>();
    await Promise.all([...counted].map(async (n) => headers.set(n, await header(n))));
    for (const w of blockWatchers)
      for (const [n, block] of headers) {
        if (n % w.trigger.everyBlocks !== 0) continue;
        if (!block) return { kind: 'moved' };
        rows.push({
          id: newId('triggerEvent'),
          executableId: w.executableId,
          chainId: chain.chainId,
          blockNumber: n,
          blockHash: block.hash,
          logIndex: -1,
          payload: blockPayload(block),
          readyAt: n + w.trigger.confirmations,
        });
      }
  }
  let events = 0;
  for (let i = 0; i < rows.length; i += 1000)
    events += (
      await tx
        .insert(triggerEvents)
        .values(rows.slice(i, i + 1000))
        // a rescan finds a log it has: nothing changes, unless a reorg dropped it and the chain came back
        .onConflictDoUpdate({
          target: [
            triggerEvents.executableId,
            triggerEvents.chainId,
            triggerEvents.blockHash,
            triggerEvents.logIndex,
          ],
          set: { status: 'waiting', dropReason: null, readyAt: sql`excluded.ready_at` },
          setWhere: sql`${triggerEvents.status} = 'dropped' and ${triggerEvents.dropReason} = 'reorg'`,
        })
        .returning({ id: triggerEvents.id })
    ).length;
  await writeCursor(tx, chain.chainId, { blockNumber: to, blockHash: toBlock.hash, headNumber: head });
  return { kind: 'scanned', to, events };
}

/** Whether each log's block hash is the canonical one at its height (one header per height that has logs). */
async function onCanonicalBlocks(logs: RpcLog[], header: (n: number) => Promise<BlockHeader | null>) {
  const heights = [...new Set(logs.map((l) => Number(BigInt(l.blockNumber))))];
  const canonical = new Map(
    await Promise.all(heights.map(async (n) => [n, (await header(n))?.hash] as const)),
  );
  return logs.every((l) => canonical.get(Number(BigInt(l.blockNumber))) === l.blockHash.toLowerCase());
}
