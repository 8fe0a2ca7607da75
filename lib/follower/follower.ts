import type { Db } from '@/db/client';
import { type ChainConfig, enabledChains } from '@/lib/chains/config';
import { log } from '@/lib/log';
import { chainTriggerSettings, followerLimits } from '@/lib/triggers/settings';
import { forgetUnfollowedCursor, lockChain, readCursor, writeCursor } from './cursor';
import { dispatchReadyEvents } from './dispatch';
import { checkFinality } from './finality';
import { followedChainIds, watchedOn } from './match';
import { lowestStaleBlock, settleEvents } from './reorg';
import { blockAt, headNumber } from './rpc';
import { scanRange } from './scan';
import { followerStats } from './stats';

export type ChainPass = {
  chainId: number;
  outcome: 'busy' | 'started' | 'followed' | 'failed';
  head?: number;
  cursor?: number;
  events: number;
  reorgs: number;
};

type Step = {
  done: boolean;
  events?: number;
  reorg?: boolean;
  started?: boolean;
  busy?: boolean;
  cursor?: number;
};

/** How many `maxConfirmations` windows below the usual rescan start a reorg's depth is looked for. */
const DEEP_REORG_WINDOWS = 4;

/**
 * One locked step of a chain, in one transaction under the chain's advisory lock (another instance holding it
 * follows the chain now):
 * - no cursor yet → start at the head (no history);
 * - the head below the cursor → wait;
 * - the cursor's block no longer canonical (another hash at its height) → a reorg: drop the waiting and ready
 *   events that left the chain and go back `maxConfirmations` blocks to rescan (further, down to the lowest
 *   stored trigger event whose block left the chain, when one shows the reorg went deeper: `lowestStaleBlock`);
 * - behind the head → scan the next range (after a jump past the backfill limit when too far).
 */
async function step(db: Db, chain: ChainConfig, head: number): Promise<Step> {
  const watched = await watchedOn(db, chain.chainId);
  const limits = followerLimits();
  const settings = chainTriggerSettings(chain);
  const stats = followerStats(chain.chainId);
  return db.transaction(async (tx): Promise<Step> => {
    if (!(await lockChain(tx, chain.chainId))) return { done: true, busy: true };
    const cursor = await readCursor(tx, chain.chainId);
    if (!cursor) {
      const block = await blockAt(chain, head);
      if (!block) return { done: true };
      await writeCursor(tx, chain.chainId, {
        blockNumber: block.number,
        blockHash: block.hash,
        headNumber: head,
      });
      log.info({ chainId: chain.chainId, block: block.number }, 'chain follower starts at the head');
      return { done: true, started: true, cursor: block.number };
    }
    // a head below the cursor (an upstream behind the others, or a chain that got shorter): wait for a block
    // at the cursor's height to compare; a reorg shows as a different hash there
    if (cursor.blockNumber > head) return { done: true, cursor: cursor.blockNumber };
    const canonical = await blockAt(chain, cursor.blockNumber);
    if (!canonical) return { done: true, cursor: cursor.blockNumber };
    if (canonical.hash !== cursor.blockHash) {
      const window = Math.max(settings.maxConfirmations, 1);
      let rescanFrom = Math.max(0, Math.min(cursor.blockNumber, head) - window);
      // deeper than the window: a trigger event stored below it whose block left the chain shows it; go back to
      // the lowest such block (looking DEEP_REORG_WINDOWS windows further at most)
      const deeper = await lowestStaleBlock(tx, chain, {
        from: Math.max(0, rescanFrom - window * DEEP_REORG_WINDOWS),
        below: rescanFrom,
      });
      if (deeper !== null) {
        log.warn(
          { chainId: chain.chainId, atBlock: cursor.blockNumber, window, rescanFrom: deeper },
          "chain follower: reorg deeper than the chain's maxConfirmations, rescanning from its lowest changed block",
        );
        rescanFrom = deeper;
      }
      const { dropped } = await settleEvents(tx, chain, { reorgFrom: rescanFrom });
      const back = await blockAt(chain, Math.max(rescanFrom - 1, 0));
      if (!back) return { done: true };
      await writeCursor(tx, chain.chainId, {
        blockNumber: back.number,
        blockHash: back.hash,
        headNumber: head,
      });
      stats.lastReorg = { atBlock: cursor.blockNumber, rescanFrom, dropped, at: new Date().toISOString() };
      log.warn(
        { chainId: chain.chainId, atBlock: cursor.blockNumber, rescanFrom, dropped },
        'chain follower: reorg detected, rescanning',
      );
      return { done: false, reorg: true, cursor: back.number };
    }
    if (cursor.blockNumber >= head) {
      await writeCursor(tx, chain.chainId, {
        blockNumber: cursor.blockNumber,
        blockHash: cursor.blockHash,
        headNumber: head,
      });
      return { done: true, cursor: cursor.blockNumber };
    }
    let from = cursor.blockNumber + 1;
    if (head - cursor.blockNumber > limits.backfillBlocks) {
      from = head - limits.backfillBlocks + 1;
      stats.lastJump = { fromBlock: cursor.blockNumber + 1, toBlock: from - 1, at: new Date().toISOString() };
      log.warn(
        { chainId: chain.chainId, skippedFrom: cursor.blockNumber + 1, skippedTo: from - 1 },
        'chain follower: further behind than the backfill limit, skipping blocks',
      );
    }
    const to = Math.min(head, from + limits.rangeBlocks - 1);
    const outcome = await scanRange(tx, chain, cursor, { from, to, head }, watched);
    if (outcome.kind === 'moved') return { done: true };
    log.debug({ chainId: chain.chainId, from, to, events: outcome.events }, 'chain follower scanned a range');
    return { done: to >= head, events: outcome.events, cursor: to };
  });
}

/**
 * Follows one chain for a tick: steps until caught up with the head (at most `rangesPerTick` ranges), then
 * makes the waiting events at their confirmations ready (or drops them when their block left the chain). A
 * chain no active trigger follows forgets its cursor.
 */
export async function followChain(db: Db, chain: ChainConfig): Promise<ChainPass> {
  const pass: ChainPass = { chainId: chain.chainId, outcome: 'followed', events: 0, reorgs: 0 };
  const head = await headNumber(chain);
  pass.head = head;
  const { rangesPerTick } = followerLimits();
  for (let i = 0; i < rangesPerTick; i++) {
    const result = await step(db, chain, head);
    if (result.busy) return { ...pass, outcome: 'busy' };
    if (result.started) pass.outcome = 'started';
    pass.events += result.events ?? 0;
    if (result.reorg) pass.reorgs += 1;
    if (result.cursor !== undefined) pass.cursor = result.cursor;
    if (result.done) break;
  }
  await settleEvents(db, chain, { promote: head });
  return pass;
}

/**
 * The follower's tick: the finality re-check of each enabled chain's confirmed runs (lib/follower/finality.ts),
 * every enabled chain an active event or block trigger follows, then the dispatch of ready events (one execution
 * per executable at a time, oldest first; the end of a run dispatches its executable's next one at once, see
 * dispatch.ts). A chain's failure (its finality re-check's or its follow's, each on its own) is logged and kept
 * in its stats; the others go on.
 */
export async function followChainsTick(db: Db): Promise<{ chains: ChainPass[]; dispatched: number }> {
  const followed = new Set(await followedChainIds(db));
  const chains: ChainPass[] = [];
  for (const chain of enabledChains()) {
    await passFailing(chain.chainId, 'finality re-check', () => checkFinality(db, chain));
    const pass = await passFailing(chain.chainId, 'chain follower pass', async () => {
      if (followed.has(chain.chainId)) return followChain(db, chain);
      await forgetUnfollowedCursor(db, chain.chainId);
      return null;
    });
    if (pass === undefined) chains.push({ chainId: chain.chainId, outcome: 'failed', events: 0, reorgs: 0 });
    else if (pass) chains.push(pass);
  }
  const dispatched = await dispatchReadyEvents(db);
  return { chains, dispatched };
}

/** Runs one part of a chain's pass; a failure is logged and kept in the chain's stats (answers undefined). */
async function passFailing<T>(chainId: number, what: string, part: () => Promise<T>): Promise<T | undefined> {
  try {
    return await part();
  } catch (error) {
    followerStats(chainId).lastError = {
      message: `${what}: ${(error as Error).message}`.slice(0, 300),
      at: new Date().toISOString(),
    };
    log.warn({ err: error, chainId }, `${what} failed`);
    return undefined;
  }
}
