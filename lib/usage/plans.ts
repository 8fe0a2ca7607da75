import type { PlanId } from '@/db/enums';

/**
 * The spec's plan table as data. `null` = unlimited. `computeUnitsOverage`: what happens past the included
 * compute units — `refuse` (Free: new runs are refused until the next cycle) or `meter` (paid plans: runs go
 * on and the overage is metered). See docs/plans.md.
 */
export const PLANS = {
  free: {
    id: 'free',
    computeUnitsOverage: 'refuse',
    name: 'Free',
    priceUsdPerMonth: 0,
    computeUnitsPerMonth: 60_000,
    executables: 3,
    functionUploadsPerCycle: 3,
    mainnet: false,
    freeRpcRequestsPerExecution: 0,
    gasCreditsUsd: 0,
  },
  pro: {
    id: 'pro',
    computeUnitsOverage: 'meter',
    name: 'Pro',
    priceUsdPerMonth: 29,
    computeUnitsPerMonth: 600_000,
    executables: 20,
    functionUploadsPerCycle: null,
    mainnet: true,
    freeRpcRequestsPerExecution: 25,
    gasCreditsUsd: 5,
  },
  enterprise: {
    id: 'enterprise',
    computeUnitsOverage: 'meter',
    name: 'Enterprise',
    priceUsdPerMonth: 149,
    computeUnitsPerMonth: 6_000_000,
    executables: 100,
    functionUploadsPerCycle: null,
    mainnet: true,
    freeRpcRequestsPerExecution: 100,
    gasCreditsUsd: 0,
  },
} as const satisfies { [K in PlanId]: { id: K; [field: string]: unknown } };

export type Plan = (typeof PLANS)[PlanId];
