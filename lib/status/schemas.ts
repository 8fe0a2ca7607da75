import { z } from 'zod';
import { PUBLIC_CHAIN_STATUSES } from './chain-status';

// The public status JSON (GET /api/status): deployment-wide aggregates only, never a workspace, project,
// executable, execution, address or any other tenant detail.

const Percentiles = z.strictObject({
  count: z.number().int().min(0),
  p50Ms: z.number().int().nullable(),
  p95Ms: z.number().int().nullable(),
});

const Adherence = z.strictObject({
  due: z.number().int().min(0),
  onTime: z.number().int().min(0),
  ratio: z.number().min(0).max(1).nullable(),
});

export const PublicChainSchema = z.strictObject({
  chainId: z.number().int(),
  name: z.string(),
  network: z.string(),
  testnet: z.boolean(),
  status: z.enum(PUBLIC_CHAIN_STATUSES),
  statusReason: z.string(),
  /** finished_at − scheduled_at of the confirmed runs of the window, every workspace's, in whole ms. */
  triggerToConfirmed: Percentiles,
  /** Scheduled runs due in the window and how many started within the tolerance of their due time. */
  adherence: Adherence,
});

export const PublicStatusSchema = z.strictObject({
  generatedAt: z.iso.datetime(),
  windowHours: z.number().int(),
  adherenceToleranceMs: z.number().int(),
  chains: z.array(PublicChainSchema),
});

export type PublicChain = z.infer<typeof PublicChainSchema>;
export type PublicStatus = z.infer<typeof PublicStatusSchema>;
