import type { ChainConfig } from '@/lib/chains/config';
import { L1_BLOCK_TIME_SECONDS, L1_CHAIN_IDS } from '@/lib/chains/kinds';

// When a chain's head has stood still for too long: a node that stopped importing blocks (or a chain that
// stopped producing them) still answers `eth_blockNumber`, with an old block.

/** The shortest stall that degrades a chain by default, whatever its block time. */
const MIN_DEFAULT_STALL_SECONDS = 60;
/** By default a chain is degraded after this many block times without a new block. */
const DEFAULT_STALL_BLOCKS = 5;

export type HeadExpectation = { blockTimeSeconds: number | null; stallSeconds: number };

/**
 * What the chain's head is expected to do, from its `health` config over the defaults (Ethereum L1s: a block
 * every 12 s; every other chain: none known). Null for a chain that mines on demand (a local dev chain, or
 * `blockTimeSeconds: 0`): however old its head, that is no fault.
 */
export function headExpectation(chain: Pick<ChainConfig, 'chainId' | 'health'>): HeadExpectation | null {
  const configured = chain.health?.blockTimeSeconds;
  if (configured === 0) return null;
  const blockTimeSeconds = configured ?? (L1_CHAIN_IDS.has(chain.chainId) ? L1_BLOCK_TIME_SECONDS : null);
  const stallSeconds =
    chain.health?.headStallSeconds ??
    (blockTimeSeconds === null
      ? null
      : Math.max(MIN_DEFAULT_STALL_SECONDS, DEFAULT_STALL_BLOCKS * blockTimeSeconds));
  return stallSeconds === null ? null : { blockTimeSeconds, stallSeconds };
}

/** Why the head counts as stalled, or null when it does not (or no age is known). */
export function headStallReason(
  expectation: HeadExpectation | null,
  head: { blockNumber: number; ageSeconds: number } | null,
): string | null {
  if (!expectation || !head || head.ageSeconds <= expectation.stallSeconds) return null;
  const expected =
    expectation.blockTimeSeconds === null
      ? ''
      : `a block is expected every ${expectation.blockTimeSeconds} s, `;
  return `No new block for ${head.ageSeconds} s (head ${head.blockNumber}; ${expected}degraded after ${expectation.stallSeconds} s).`;
}
