import { describe, expect, it } from 'vitest';
import { feePolicyOf } from '@/lib/chains/fee-policy';
import {
  bumped,
  cancellationBid,
  ceilingOf,
  effectiveCap,
  type Fees,
  firstBid,
  replacementBid,
} from '@/lib/chains/fees';
import { nextBaseFee } from '@/lib/chains/market';

const gwei = (n: number) => BigInt(Math.round(n * 1e9));
/** What geth and reth accept as a replacement: both fees raised by 10 % at least. */
const gethAccepts = (previous: Fees, next: Fees) =>
  next.maxFeePerGas * 10n >= previous.maxFeePerGas * 11n &&
  next.maxPriorityFeePerGas * 10n >= previous.maxPriorityFeePerGas * 11n;

describe('fee math', () => {
  it('bumps by 12.5 % rounded up, and by 1 wei at least', () => {
    expect(bumped(1000n)).toBe(1125n);
    expect(bumped(1001n)).toBe(1127n);
    expect(bumped(0n)).toBe(1n);
    expect(bumped(1n)).toBe(2n);
  });

  it('takes the lower of the max fee and the max cost spread over the gas', () => {
    expect(effectiveCap({ maxFeePerGas: null, maxCostPerRun: null }, 100_000n)).toBeNull();
    expect(effectiveCap({ maxFeePerGas: gwei(50), maxCostPerRun: null }, 100_000n)).toBe(gwei(50));
    expect(effectiveCap({ maxFeePerGas: null, maxCostPerRun: gwei(10) * 100_000n }, 100_000n)).toBe(gwei(10));
    expect(effectiveCap({ maxFeePerGas: gwei(5), maxCostPerRun: gwei(10) * 100_000n }, 100_000n)).toBe(
      gwei(5),
    );
  });

  it('bids base × multiplier + tip, under the ceiling, and holds when the chain needs more', () => {
    const market = { baseFee: gwei(10), tip: gwei(1) };
    expect(firstBid(market, 200n, null)).toEqual({
      held: false,
      fees: { maxFeePerGas: gwei(21), maxPriorityFeePerGas: gwei(1) },
    });
    const capped = firstBid(market, 200n, gwei(18));
    expect(capped).toEqual({
      held: false,
      fees: { maxFeePerGas: ceilingOf(gwei(18)), maxPriorityFeePerGas: gwei(1) },
    });
    // 11 gwei needed; a cap of 12 leaves a ceiling of 10.67: held
    expect(firstBid(market, 200n, gwei(12))).toEqual({ held: true, required: gwei(11) });
  });

  it('replaces with both fees up by 12.5 % (what geth needs), never over the ceiling, up to the market', () => {
    const previous = { maxFeePerGas: gwei(20), maxPriorityFeePerGas: gwei(1) };
    const quiet = replacementBid(previous, { baseFee: gwei(5), tip: gwei(1) }, 200n, null);
    expect(quiet).toEqual({ maxFeePerGas: gwei(22.5), maxPriorityFeePerGas: gwei(1.125) });
    expect(quiet && gethAccepts(previous, quiet)).toBe(true);
    const spike = replacementBid(previous, { baseFee: gwei(40), tip: gwei(2) }, 200n, null);
    expect(spike).toEqual({ maxFeePerGas: gwei(82), maxPriorityFeePerGas: gwei(2) });
    const capped = replacementBid(previous, { baseFee: gwei(40), tip: gwei(2) }, 200n, gwei(45));
    expect(capped).toEqual({ maxFeePerGas: ceilingOf(gwei(45)), maxPriorityFeePerGas: gwei(2) });
    // no room: 22.5 needed, ceiling 21.33
    expect(replacementBid(previous, { baseFee: gwei(5), tip: gwei(1) }, 200n, gwei(24))).toBeNull();
  });

  it('keeps every replacement chain acceptable to geth and the cancellation within the cap', () => {
    const cap = gwei(100);
    let fees: Fees = { maxFeePerGas: gwei(10), maxPriorityFeePerGas: gwei(1) };
    const market = { baseFee: gwei(5), tip: gwei(1) };
    for (;;) {
      const next = replacementBid(fees, market, 200n, cap);
      if (!next) break;
      expect(gethAccepts(fees, next)).toBe(true);
      expect(next.maxFeePerGas).toBeLessThanOrEqual(ceilingOf(cap));
      fees = next;
    }
    const cancel = cancellationBid(fees, market, 200n, cap);
    expect(cancel.replaces).toBe(true);
    expect(gethAccepts(fees, cancel.fees)).toBe(true);
    expect(cancel.fees.maxFeePerGas).toBeLessThanOrEqual(cap);
  });

  it('says when the cap keeps a cancellation from replacing', () => {
    const cancel = cancellationBid(
      { maxFeePerGas: gwei(99), maxPriorityFeePerGas: gwei(1) },
      { baseFee: gwei(5), tip: gwei(1) },
      200n,
      gwei(100),
    );
    expect(cancel).toEqual({
      fees: { maxFeePerGas: gwei(100), maxPriorityFeePerGas: gwei(1.125) },
      replaces: false,
    });
  });

  it('computes the next base fee as EIP-1559 does', () => {
    const block = { baseFeePerGas: gwei(10), gasLimit: 30_000_000n };
    expect(nextBaseFee({ ...block, gasUsed: 15_000_000n })).toBe(gwei(10));
    expect(nextBaseFee({ ...block, gasUsed: 30_000_000n })).toBe(gwei(11.25));
    expect(nextBaseFee({ ...block, gasUsed: 0n })).toBe(gwei(8.75));
    expect(nextBaseFee({ baseFeePerGas: null, gasLimit: 1n, gasUsed: 0n })).toBe(0n);
  });

  it('fills the policy defaults from the chain config', () => {
    const chain = { chainId: 1, name: 'x', network: 'x', rpcUrl: 'http://x', testnet: false } as const;
    const base = { ...chain, nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, explorerUrl: null };
    expect(feePolicyOf(base)).toMatchObject({
      replacementIntervalMs: 30_000,
      maxReplacements: 5,
      ttlMs: 600_000,
      defaultCap: null,
      baseFeeMultiplierPercent: 200n,
      lookIntervalMs: 1_000,
    });
    expect(feePolicyOf({ ...base, health: { blockTimeSeconds: 12 } })).toMatchObject({
      replacementIntervalMs: 36_000,
      lookIntervalMs: 12_000,
    });
    expect(
      feePolicyOf({
        ...base,
        fees: { maxFeePerGasWei: '7', replacementIntervalSeconds: 4, baseFeeMultiplier: 1.5 },
      }),
    ).toMatchObject({ defaultCap: 7n, replacementIntervalMs: 4_000, baseFeeMultiplierPercent: 150n });
  });
});
