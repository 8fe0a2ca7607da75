import { z } from 'zod';

export const ChainSchema = z
  .object({
    chainId: z.number().int(),
    name: z.string(),
    network: z.string(),
    testnet: z.boolean(),
    nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
    explorerUrl: z.string().nullable(),
    availableOnPlan: z
      .boolean()
      .meta({ description: 'Whether the workspace plan may use this chain (Free: testnets only)' }),
  })
  .meta({ id: 'Chain' });
