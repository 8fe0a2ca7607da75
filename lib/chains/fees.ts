// What a run bids for gas, pure: its first bid, a replacement's, the cancellation's, and when the cap holds it.
// Replacements stay under `ceilingOf(cap)`, 12.5 % below the cap, so the cancellation can still out-bid the last
// replacement by the 10 % a node requires without going over the cap (a capped transaction can always be
// cleared). docs/executions.md#transaction-lifecycle

/** An executable's caps on what a run bids: per gas, and gas limit × max fee per run (wei; null: none). */
export type FeeCaps = { maxFeePerGas: bigint | null; maxCostPerRun: bigint | null };

/** The fees of an EIP-1559 transaction. */
export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/** What the chain asks now: the next block's base fee and the tip to offer (already raised to the chain's floor). */
export type Market = { baseFee: bigint; tip: bigint };

/** A replacement must raise both fees by this much; geth, reth and bundlers ask 10 %, anvil any increase. */
const BUMP_PER_MILLE = 1125n;

/** `x` raised by 12.5 %, rounded up, and by at least 1 wei. */
export function bumped(x: bigint): bigint {
  const raised = (x * BUMP_PER_MILLE + 999n) / 1000n;
  return maxOf(raised, x + 1n);
}

/** The highest max fee a run's own transactions may bid under `cap`: the rest is the cancellation's reserve. */
export const ceilingOf = (cap: bigint) => (cap * 1000n) / BUMP_PER_MILLE;

/** The least cap whose ceiling reaches `required`: what lets a held run bid again. */
export const capNeededFor = (required: bigint) => (required * BUMP_PER_MILLE + 999n) / 1000n;

/** The least max fee the next block can include: its base fee plus the tip. */
export const minimumRequired = (market: Market) => market.baseFee + market.tip;

/**
 * The cap per gas a run bids under: the executable's (else the chain's default) and its max cost per run spread
 * over the gas limit, whichever is lower; null when nothing caps it.
 */
export function effectiveCap(caps: FeeCaps, gasLimit: bigint): bigint | null {
  const perCost = caps.maxCostPerRun !== null && gasLimit > 0n ? caps.maxCostPerRun / gasLimit : null;
  if (caps.maxFeePerGas === null) return perCost;
  return perCost === null ? caps.maxFeePerGas : minOf(perCost, caps.maxFeePerGas);
}

/** The lower and the higher of two bigints (Math.min and Math.max take numbers). */
export const minOf = (a: bigint, b: bigint) => (a < b ? a : b);
export const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);

/** A first bid with room for the base fee to rise, or `held` when the chain needs more than the cap allows. */
export function firstBid(
  market: Market,
  multiplierPercent: bigint,
  cap: bigint | null,
): { held: false; fees: Fees } | { held: true; required: bigint } {
  const wanted = (market.baseFee * multiplierPercent) / 100n + market.tip;
  const maxFeePerGas = cap === null ? wanted : minOf(wanted, ceilingOf(cap));
  if (maxFeePerGas < minimumRequired(market)) return { held: true, required: minimumRequired(market) };
  return { held: false, fees: { maxFeePerGas, maxPriorityFeePerGas: minOf(market.tip, maxFeePerGas) } };
}

/**
 * The fees that replace `previous` at its nonce: both raised by 12.5 % at least, and up to the market's first bid;
 * null when that does not fit under the ceiling (the transaction then waits as it is, then is cancelled).
 */
export function replacementBid(
  previous: Fees,
  market: Market,
  multiplierPercent: bigint,
  cap: bigint | null,
): Fees | null {
  const needed = { max: bumped(previous.maxFeePerGas), tip: bumped(previous.maxPriorityFeePerGas) };
  const marketMax = (market.baseFee * multiplierPercent) / 100n + market.tip;
  let maxFeePerGas = maxOf(needed.max, marketMax);
  if (cap !== null) maxFeePerGas = minOf(maxFeePerGas, ceilingOf(cap));
  const maxPriorityFeePerGas = minOf(maxOf(needed.tip, market.tip), maxFeePerGas);
  if (maxFeePerGas < needed.max || maxPriorityFeePerGas < needed.tip) return null;
  return { maxFeePerGas, maxPriorityFeePerGas };
}

/**
 * The cancellation's fees: out-bid the highest-priced transaction at the nonce by 12.5 % and meet the market, up
 * to the cap itself. `replaces` is false when the cap keeps it below the 12.5 % (a pool still holding that
 * transaction refuses it; sent anyway, it clears the nonce once the other is gone).
 */
export function cancellationBid(
  highest: Fees,
  market: Market,
  multiplierPercent: bigint,
  cap: bigint | null,
): { fees: Fees; replaces: boolean } {
  const needed = { max: bumped(highest.maxFeePerGas), tip: bumped(highest.maxPriorityFeePerGas) };
  const marketMax = (market.baseFee * multiplierPercent) / 100n + market.tip;
  let maxFeePerGas = maxOf(needed.max, marketMax);
  if (cap !== null) maxFeePerGas = minOf(maxFeePerGas, maxOf(cap, highest.maxFeePerGas));
  const maxPriorityFeePerGas = minOf(maxOf(needed.tip, market.tip), maxFeePerGas);
  return {
    fees: { maxFeePerGas, maxPriorityFeePerGas },
    replaces: maxFeePerGas >= needed.max && maxPriorityFeePerGas >= needed.tip,
  };
}
