import type { ChainConfig } from '@/lib/chains/config';
import { L1_CHAIN_IDS, LOCAL_CHAIN_IDS } from '@/lib/chains/kinds';

export type ChainTriggerSettings = {
  /** The confirmations of a trigger that names none. */
  defaultConfirmations: number;
  /** The most confirmations a trigger may ask for (also how far back a reorg is looked for). */
  maxConfirmations: number;
  /** Blocks after which a confirmed run's transaction is re-checked once (`executions.finality`). */
  finalityDepth: number;
};

/**
 * A chain's trigger settings: its config's `triggers` over the defaults (local chains 0 confirmations, at most
 * 64, finality after 5 blocks; Ethereum L1s 12, at most 128, finality after 64; every other chain, taken for
 * an L2, 2, at most 256, finality after 600).
 */
export function chainTriggerSettings(chain: Pick<ChainConfig, 'chainId' | 'triggers'>): ChainTriggerSettings {
  const base: ChainTriggerSettings = LOCAL_CHAIN_IDS.has(chain.chainId)
    ? { defaultConfirmations: 0, maxConfirmations: 64, finalityDepth: 5 }
    : L1_CHAIN_IDS.has(chain.chainId)
      ? { defaultConfirmations: 12, maxConfirmations: 128, finalityDepth: 64 }
      : { defaultConfirmations: 2, maxConfirmations: 256, finalityDepth: 600 };
  const merged = { ...base, ...chain.triggers };
  return { ...merged, defaultConfirmations: Math.min(merged.defaultConfirmations, merged.maxConfirmations) };
}

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** The follower's bounds (env overrides for tests and the bench; docs/triggers.md). */
export const followerLimits = () => ({
  /** Blocks per `eth_getLogs` call (halved on a "too many results" answer). */
  rangeBlocks: envInt('TICKWORK_FOLLOWER_RANGE_BLOCKS', 500),
  /** After a restart, how far behind the head the follower still backfills; beyond, it jumps (and says so). */
  backfillBlocks: envInt('TICKWORK_FOLLOWER_BACKFILL_BLOCKS', 10_000),
  /** Ranges one tick scans per chain at most (the next tick goes on). */
  rangesPerTick: envInt('TICKWORK_FOLLOWER_RANGES_PER_TICK', 20),
});

/** Limits of a trigger's definition. */
export const TRIGGER_LIMITS = { maxAddresses: 20, maxEveryBlocks: 10_000 } as const;
