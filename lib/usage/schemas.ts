import { z } from 'zod';

const counter = z.object({ used: z.number().int(), limit: z.number().int().nullable() });

export const UsageSchema = z
  .object({
    workspaceId: z.string(),
    plan: z.object({
      id: z.enum(['free', 'pro', 'enterprise']),
      name: z.string(),
      priceUsdPerMonth: z.number(),
    }),
    cycle: z.object({ start: z.string(), end: z.string() }),
    computeUnits: z.object({
      used: z.number().int(),
      included: z.number().int(),
      projected: z.number().int().meta({ description: 'Straight-line projection to the end of the cycle' }),
    }),
    executions: z.number().int(),
    executables: counter,
    functionUploads: counter.meta({
      description: 'Releases uploaded or copied this cycle; limit null = unlimited',
    }),
    daily: z.array(
      z.object({ day: z.string(), computeUnits: z.number().int(), executions: z.number().int() }),
    ),
  })
  .meta({ id: 'Usage' });
