import type { ChainConfig } from './config';

/** A chain's fee policy with its defaults filled in (lib/chains/config.ts `fees`; docs/executions.md). */
export type FeePolicy = {
  /** Percent of the next base fee a first bid offers on top of the tip (200 = twice the base fee). */
  baseFeeMultiplierPercent: bigint;
  priorityFeeFloor: bigint;
  /** The cap of executables that set none; null: no deployment-wide cap. */
  defaultCap: bigint | null;
  replacementIntervalMs: number;
  maxReplacements: number;
  ttlMs: number;
  /** How often the watcher looks at a run's transaction: about once a block. */
  lookIntervalMs: number;
};

const DEFAULT_BASE_FEE_MULTIPLIER = 2;
const DEFAULT_MAX_REPLACEMENTS = 5;
const DEFAULT_TTL_SECONDS = 600;
/** Re-priced after this many block times unmined; a chain whose block time is unknown waits 30 s. */
const REPLACEMENT_BLOCKS = 3;
const MIN_REPLACEMENT_SECONDS = 6;
const UNKNOWN_BLOCK_TIME_REPLACEMENT_SECONDS = 30;

export function feePolicyOf(chain: ChainConfig): FeePolicy {
  const fees = chain.fees ?? {};
  const blockTime = chain.health?.blockTimeSeconds ?? 0;
  const replacementSeconds =
    fees.replacementIntervalSeconds ??
    (blockTime > 0
      ? Math.max(REPLACEMENT_BLOCKS * blockTime, MIN_REPLACEMENT_SECONDS)
      : UNKNOWN_BLOCK_TIME_REPLACEMENT_SECONDS);
  return {
    baseFeeMultiplierPercent: BigInt(
      Math.round((fees.baseFeeMultiplier ?? DEFAULT_BASE_FEE_MULTIPLIER) * 100),
    ),
    priorityFeeFloor: BigInt(fees.priorityFeeFloorWei ?? '0'),
    defaultCap: fees.maxFeePerGasWei ? BigInt(fees.maxFeePerGasWei) : null,
    replacementIntervalMs: replacementSeconds * 1000,
    maxReplacements: fees.maxReplacements ?? DEFAULT_MAX_REPLACEMENTS,
    ttlMs: (fees.ttlSeconds ?? DEFAULT_TTL_SECONDS) * 1000,
    lookIntervalMs: Math.min(Math.max(blockTime * 1000, 1_000), 12_000, replacementSeconds * 500),
  };
}
