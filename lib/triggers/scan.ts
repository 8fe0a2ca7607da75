import type { Tx } from '@/db/client';
import { triggerEvents } from '@/db/schema';
import type { ChainConfig } from '@/lib/chains/config';
import { newId } from '@/lib/ids';
import type { Cursor } from './cursor';
import { writeCursor } from './cursor';
import { blockPayload, logMatches, logPayload, unionFilter, type Watched } from './match';
import { headerCache } from './reorg';
import { logsIn } from './rpc';

export type ScanOutcome = { kind: 'scanned'; to: number; events: number } | { kind: 'moved' };

/**
 * Scans blocks [from, to] of a chain for its watched triggers, inside the follower's transaction: the logs
 * matching an event trigger and the blocks a block trigger counts become trigger events (waiting for their
 * confirmations; ON CONFLICT DO NOTHING on (executable, chain, block hash, log index), so a rescan never adds
 * one twice), and the cursor moves to `to`. When the chain changed under the scan (the cursor's block or `to`'s
 * hash is not what it was around the `eth_getLogs`), nothing is written: the next pass sees the reorg.
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
  const logs = filter ? await logsIn(chain, from, to, filter) : [];
  // the chain up to `to` is the one the logs came from: `to` and the cursor's block are still canonical
  const [cursorAgain, toAgain] = await Promise.all([
    headerCache(chain)(cursor.blockNumber),
    headerCache(chain)(to),
  ]);
  if (cursorAgain?.hash !== cursor.blockHash || toAgain?.hash !== toBlock.hash) return { kind: 'moved' };

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
        .onConflictDoNothing()
        .returning({ id: triggerEvents.id })
    ).length;
  await writeCursor(tx, chain.chainId, { blockNumber: to, blockHash: toBlock.hash, headNumber: head });
  return { kind: 'scanned', to, events };
}
