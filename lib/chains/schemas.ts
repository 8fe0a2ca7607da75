import { z } from 'zod';

export const ChainSchema = z
  .strictObject({
    chainId: z.number().int(),
    name: z.string(),
    network: z.string(),
    testnet: z.boolean(),
    nativeCurrency: z.strictObject({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
    explorerUrl: z.string().nullable(),
    availableOnPlan: z
      .boolean()
      .meta({ description: 'Whether the workspace plan may use this chain (Free: testnets only)' }),
    status: z.enum(['operational', 'degraded', 'syncing']).meta({
      description:
        'RPC gateway status: syncing when the upstreams report syncing; else degraded when more than 2 % of the recent upstream requests failed; else operational',
    }),
    statusReason: z.string().meta({ description: 'Why the chain has its status, in words' }),
    blockNumber: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Latest block height polled (null before a poll answered)' }),
    blockAgeSeconds: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Seconds since the latest block’s timestamp' }),
    errorRatio: z
      .number()
      .meta({ description: 'Failed / all upstream requests in the recent window (5 minutes by default)' }),
  })
  .meta({ id: 'Chain' });
export type ChainRecord = z.output<typeof ChainSchema>;
