import { z } from 'zod';
import { PLAN_IDS } from '@/db/enums';

const counter = z.strictObject({ used: z.number().int(), limit: z.number().int().nullable() });

export const UsageSchema = z
  .strictObject({
    workspaceId: z.string(),
    plan: z.strictObject({
      id: z.enum(PLAN_IDS),
      name: z.string(),
      priceUsdPerMonth: z.number(),
    }),
    cycle: z.strictObject({ start: z.string(), end: z.string() }),
    computeUnits: z.strictObject({
      used: z.number().int(),
      included: z.number().int(),
      projected: z.number().int().meta({
        description:
          'Projection to the end of the cycle: the larger of the straight line and used + what the active schedules will cost (see `projection`)',
      }),
      overage: z.number().int().meta({
        description:
          'Compute units past the included ones, metered on paid plans (used − included, ≥ 0); always 0 on Free',
      }),
      projectedOverage: z.number().int().meta({ description: 'The overage `projected` would make' }),
      onExhaustion: z.enum(['refuse', 'meter']).meta({
        description:
          'What the plan does past its included compute units: refuse new runs (Free) or meter them',
      }),
      exhausted: z.boolean().meta({
        description: 'True while new runs are refused (403 compute_units_exhausted) until the cycle ends',
      }),
      alert: z.enum(['none', 'approaching', 'reached']).meta({
        description: '`approaching` from 80 % of the included compute units, `reached` from 100 %',
      }),
    }),
    projection: z.strictObject({
      straightLine: z
        .number()
        .int()
        .meta({ description: 'used × cycle length ÷ elapsed time (at least one hour)' }),
      scheduled: z.strictObject({
        executables: z.number().int().meta({ description: 'Active executables (each has a schedule)' }),
        runs: z.number().int().meta({ description: 'Runs their schedules fire from now to the cycle end' }),
        computeUnits: z.number().int().meta({
          description:
            "Those runs × each executable's average compute units per run over 30 days (1 without history)",
        }),
      }),
    }),
    rpcRequests: z.strictObject({
      total: z.number().int().meta({ description: 'RPC requests of the executions finished this cycle' }),
      freePerExecution: z.number().int().meta({ description: "The plan's free RPC requests per execution" }),
      free: z
        .number()
        .int()
        .meta({ description: 'Requests within each execution’s allowance (cost nothing)' }),
      billed: z.number().int().meta({
        description: 'Requests past the allowance: each ten count as one compute unit (with web requests)',
      }),
    }),
    gasCredits: z.strictObject({
      includedUsd: z.number().meta({
        description:
          'Gas credits the plan includes per month (Pro 5 USD); testnet gas is free, mainnet gas is charged separately',
      }),
    }),
    executions: z.number().int(),
    executables: counter,
    functionUploads: counter.meta({
      description: 'Releases uploaded or copied this cycle; limit null = unlimited',
    }),
    daily: z.array(
      z.strictObject({ day: z.string(), computeUnits: z.number().int(), executions: z.number().int() }),
    ),
  })
  .meta({ id: 'Usage' });
export type UsageRecord = z.output<typeof UsageSchema>;
