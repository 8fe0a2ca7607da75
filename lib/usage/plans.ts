/** The spec's plan table as data. `null` = unlimited. */
export const PLANS = {
  free: {
    id: 'free',
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
    name: 'Enterprise',
    priceUsdPerMonth: 149,
    computeUnitsPerMonth: 6_000_000,
    executables: 100,
    functionUploadsPerCycle: null,
    mainnet: true,
    freeRpcRequestsPerExecution: 100,
    gasCreditsUsd: 0,
  },
} as const;

export type PlanId = keyof typeof PLANS;
export type Plan = (typeof PLANS)[PlanId];
export const PLAN_IDS = Object.keys(PLANS) as PlanId[];
