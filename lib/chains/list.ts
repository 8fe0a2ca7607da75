import { PLANS, type PlanId } from '@/lib/usage/plans';
import { enabledChains } from './config';

/**
 * The enabled chains as a workspace sees them (RPC URLs stay server-side: they may hold provider keys; the
 * contract addresses are the deployment's business).
 */
export function listChains(plan: PlanId) {
  return enabledChains().map(({ rpcUrl: _rpcUrl, contracts: _contracts, ...chain }) => ({
    ...chain,
    availableOnPlan: chain.testnet || PLANS[plan].mainnet,
  }));
}
