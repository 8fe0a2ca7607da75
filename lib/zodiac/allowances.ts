// Allowances on a roles profile's modifier: the calls that set them, and their balance read from chain with the
// refill the modifier would apply at the next call (Roles v2 refills lazily, when spending is counted).
import type { Address, Hex } from 'viem';
import { encodeCalls, rolesAbi } from 'zodiac-roles-sdk';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import type { PlannedCall } from '@/lib/runtime/task-types';
import type { AllowanceSpec } from './allowance-spec';
import { allowanceKey } from './condition-tree';

/** `setAllowance` calls for `specs`: the balance starts full, refills to `amount` each period from `start`. */
export function setAllowanceCalls(modifier: Address, specs: readonly AllowanceSpec[]): PlannedCall[] {
  return encodeCalls(
    specs.map((spec) => ({
      call: 'setAllowance' as const,
      key: allowanceKey(spec.name),
      balance: BigInt(spec.amount),
      maxRefill: BigInt(spec.amount),
      refill: BigInt(spec.amount),
      period: BigInt(spec.periodSeconds),
      timestamp: BigInt(spec.start ?? 0),
    })),
    modifier,
  ).map((call) => ({ to: call.to as Address, data: call.data as Hex, value: '0' }));
}

export type AllowanceReading = {
  name: string;
  /** what may be spent now (the stored balance with the refills due by the latest block) */
  balance: bigint;
  /** the amount it refills to */
  maxRefill: bigint;
  refill: bigint;
  periodSeconds: number;
  /** when the next refill is due (unix seconds); null when it never refills */
  nextRefillAt: number | null;
  /** the start of the current period (unix seconds) */
  periodStart: number;
  /** whether the modifier holds it at all (a name no `setAllowance` set reads as all zero) */
  set: boolean;
};

/** Math.min for bigints. */
const smaller = (a: bigint, b: bigint) => (a < b ? a : b);

/** The balance after the refills due at `now`, as the modifier's `_accruedAllowance` computes it. */
export function accrued(
  stored: { refill: bigint; maxRefill: bigint; period: bigint; balance: bigint; timestamp: bigint },
  now: bigint,
): { balance: bigint; timestamp: bigint } {
  const { refill, maxRefill, period, balance, timestamp } = stored;
  if (period === 0n || now < timestamp + period) return { balance, timestamp };
  const elapsed = (now - timestamp) / period;
  // a balance at or over its cap stays as it is; below it, it refills up to the cap
  const refilled = balance < maxRefill ? smaller(balance + refill * elapsed, maxRefill) : balance;
  return { balance: refilled, timestamp: timestamp + elapsed * period };
}

/** The allowances `names` on `modifier`, read at the latest block. */
export async function readAllowances(
  chain: ChainConfig,
  modifier: Address,
  names: readonly string[],
): Promise<AllowanceReading[]> {
  const client = publicClientFor(chain);
  const block = await client.getBlock({ blockTag: 'latest' });
  return Promise.all(
    names.map(async (name) => {
      const [refill, maxRefill, period, balance, timestamp] = await client.readContract({
        address: modifier,
        abi: rolesAbi,
        functionName: 'allowances',
        args: [allowanceKey(name)],
      });
      const now = accrued({ refill, maxRefill, period, balance, timestamp }, block.timestamp);
      return {
        name,
        balance: now.balance,
        maxRefill,
        refill,
        periodSeconds: Number(period),
        nextRefillAt: period === 0n ? null : Number(now.timestamp + period),
        periodStart: Number(now.timestamp),
        set: maxRefill > 0n || balance > 0n || period > 0n,
      };
    }),
  );
}
