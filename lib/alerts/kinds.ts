import { z } from 'zod';
import type { AlertKind } from '@/db/enums';
import { WeiSchema } from '@/lib/chains/wei';

// Alert rule kinds and their params (pure: the console's forms import it too). docs/alerts.md#rules

/** The params of each kind, with their defaults (an empty `{}` takes them). Unknown keys are refused. */
const ALERT_PARAMS = {
  execution_failed: z.object({}).strict(),
  consecutive_failures: z.object({ count: z.number().int().min(2).max(100).default(3) }).strict(),
  dead_man: z
    .object({
      graceSeconds: z
        .number()
        .int()
        .min(1)
        .max(7 * 86_400)
        .default(300),
    })
    .strict(),
  submitted_unknown: z
    .object({
      olderThanSeconds: z
        .number()
        .int()
        .min(0)
        .max(7 * 86_400)
        .default(600),
    })
    .strict(),
  low_balance: z.object({ belowWei: WeiSchema }).strict(),
  function_switch_failed: z.object({}).strict(),
  plan_usage: z.object({ percent: z.union([z.literal(80), z.literal(100)]).default(80) }).strict(),
  transaction_vanished: z.object({}).strict(),
  fee_cap_held: z.object({}).strict(),
  nonce_blocked: z.object({}).strict(),
  allowance_low: z.object({ percentLeft: z.number().int().min(1).max(99).default(20) }).strict(),
} satisfies Record<AlertKind, z.ZodObject>;

export type AlertParams = { [K in AlertKind]: z.output<(typeof ALERT_PARAMS)[K]> };

/** Kinds that apply to the project as a whole: a rule of theirs has no executable. */
export const PROJECT_ONLY_KINDS: readonly AlertKind[] = ['plan_usage'];

/** What each kind watches, as the console and docs say it. */
export const ALERT_KIND_LABELS: Record<AlertKind, { name: string; description: string }> = {
  execution_failed: {
    name: 'Execution failed',
    description: 'A run ends failed; clears at the next success.',
  },
  consecutive_failures: {
    name: 'Consecutive failures',
    description: 'The last N finished runs all failed; clears at the next success.',
  },
  dead_man: {
    name: 'Missed schedule (dead man)',
    description: 'No successful run within the grace period after a scheduled run was due.',
  },
  submitted_unknown: {
    name: 'Submission unknown',
    description: 'A transaction stays submitted_unknown for longer than the limit; clears when reconciled.',
  },
  low_balance: {
    name: 'Low balance',
    description: 'The account paying gas (self-paid) holds less native currency than the threshold.',
  },
  function_switch_failed: {
    name: 'Function switch failed',
    description: 'Switching the executable to another function failed; clears at the next successful switch.',
  },
  plan_usage: {
    name: 'Plan usage',
    description: 'The workspace used 80 % (or 100 %) of its plan’s compute units; clears at the reset.',
  },
  transaction_vanished: {
    name: 'Transaction vanished',
    description: 'A confirmed transaction is gone past finality (a reorg); clears when a later run is final.',
  },
  fee_cap_held: {
    name: 'Held by fee cap',
    description:
      'Runs are held because the chain needs a fee above the cap; clears when the fee falls within it, the cap changes or a run is confirmed.',
  },
  nonce_blocked: {
    name: 'Nonce blocked',
    description:
      'A run found its account’s next nonce held by a transaction Tickwork could not clear; clears at the next success.',
  },
  allowance_low: {
    name: 'Allowance nearly used',
    description:
      'A roles profile’s allowance has less than N % of its amount left; clears when it refills or is raised.',
  },
};

/** Validates `params` for `kind` and fills in defaults; throws a ZodError naming the bad field. */
export function parseParams<K extends AlertKind>(kind: K, params: unknown): AlertParams[K] {
  return ALERT_PARAMS[kind].parse(params ?? {}) as AlertParams[K];
}
