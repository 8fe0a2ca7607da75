import type { PlanId } from '@/db/enums';
import { PLANS } from '@/lib/usage/plans';
import { enabledChains } from './config';

/**
 * The enabled chains as a workspace sees them (RPC, bundler and paymaster URLs stay server-side: they may hold
 * provider keys; the contract addresses are the deployment's business).
 */
export function listChains(plan: PlanId) {
  return enabledChains().map(
    ({
      rpcUrl: _rpcUrl,
      rpcUrls: _rpcUrls,
      bundlerUrl: _bundlerUrl,
      paymasterUrl: _paymasterUrl,
      contracts: _contracts,
      ...chain
    }) => ({
      ...chain,
      availableOnPlan: chain.testnet || PLANS[plan].mainnet,
    }),
  );
}
