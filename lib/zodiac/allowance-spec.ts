// An allowance as the owners set it: a name, an amount that may be spent per period, and the period. Roles v2
// meters it on chain (`setAllowance`): spending counted by a `within allowance` condition lowers the balance,
// which refills to the amount once each period has passed. Pure and client-safe.
import { z } from 'zod';
import { ALLOWANCE_NAME } from './conditions';

export type AllowanceSpec = {
  /** what conditions name it by (its bytes32 key is the name, encoded) */
  name: string;
  /** the most that may be spent per period, in the token's smallest unit */
  amount: string;
  /** the period, in seconds (0: never refills) */
  periodSeconds: number;
  /** when periods are counted from (unix seconds); left out, the block that sets it (the modifier's rule) */
  start?: number;
};

export const AllowanceSpecSchema = z
  .object({
    name: z.string().regex(ALLOWANCE_NAME, 'letters, digits, . _ -, at most 32'),
    amount: z.string().regex(/^\d{1,38}$/, 'a whole number below 2^128'),
    periodSeconds: z
      .number()
      .int()
      .min(0)
      .max(366 * 86_400),
    start: z
      .number()
      .int()
      .min(0)
      .max(2 ** 40)
      .optional(),
  })
  .strict();

/** The refill periods the console offers, with the word an allowance's default name ends in. */
export const ALLOWANCE_PERIODS = [
  { seconds: 3_600, label: 'per hour', name: 'hourly' },
  { seconds: 86_400, label: 'per day', name: 'daily' },
  { seconds: 604_800, label: 'per week', name: 'weekly' },
] as const;

const UNITS: [number, string][] = [
  [86_400 * 7, 'week'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** "1 day", "2 weeks", "90 minutes". */
export function periodWords(seconds: number): string {
  if (seconds === 0) return 'never';
  const [size, unit] = UNITS.find(([s]) => seconds % s === 0) as [number, string];
  const n = seconds / size;
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** `allowance "usdc-daily": 1000000000 per 1 day`. */
export const allowanceWords = (spec: Pick<AllowanceSpec, 'name' | 'amount' | 'periodSeconds'>) =>
  spec.periodSeconds === 0
    ? `allowance "${spec.name}": ${spec.amount} in all, never refilled`
    : `allowance "${spec.name}": ${spec.amount} per ${periodWords(spec.periodSeconds)}`;
