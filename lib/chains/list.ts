import { PLANS, type PlanId } from '@/lib/usage/plans';
import { enabledChains } from './config';

/** The enabled chains as a workspace sees them (RPC URLs stay server-side: they may hold provider keys). */
export function listChains(plan: PlanId) {
  return enabledChains().map(({ rpcUrl: _rpcUrl, ...chain }) => ({
    ...chain,
    availableOnPlan: chain.testnet || PLANS[plan].mainnet,
  }));
}
