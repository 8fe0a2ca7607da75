import type { Block, PublicClient } from 'viem';
import type { FeePolicy } from './fee-policy';
import { type Market, maxOf } from './fees';

/** EIP-1559: the base fee moves by at most 1/8 per block, toward a target of half the gas limit. */
const BASE_FEE_CHANGE_DENOMINATOR = 8n;
const ELASTICITY = 2n;

/** The base fee of the block after `block` (EIP-1559), or 0 on a chain without one. */
export function nextBaseFee(block: Pick<Block, 'baseFeePerGas' | 'gasUsed' | 'gasLimit'>): bigint {
  const base = block.baseFeePerGas;
  if (base === null || base === undefined) return 0n;
  const target = block.gasLimit / ELASTICITY;
  if (target === 0n || block.gasUsed === target) return base;
  if (block.gasUsed > target) {
    const delta = (base * (block.gasUsed - target)) / target / BASE_FEE_CHANGE_DENOMINATOR;
    return base + (delta > 1n ? delta : 1n);
  }
  return base - (base * (target - block.gasUsed)) / target / BASE_FEE_CHANGE_DENOMINATOR;
}

/** What the chain asks now (two reads in one batch): the next base fee and the node's tip, at least the floor. */
export async function readMarket(client: PublicClient, policy: FeePolicy): Promise<Market> {
  const [block, tip] = await Promise.all([
    client.getBlock({ blockTag: 'latest' }),
    client.estimateMaxPriorityFeePerGas(),
  ]);
  return {
    baseFee: nextBaseFee(block),
    tip: maxOf(tip, policy.priorityFeeFloor),
  };
}
