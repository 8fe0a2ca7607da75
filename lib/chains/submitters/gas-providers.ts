// Where a legacy profile's user operations go: the bundler, and for sponsored gas the paymaster. The local chain
// uses the alto bundler and mock paymaster the start command boots; a real chain uses the executable's
// sponsorship provider (API keys from the environment) or the chain config's own `bundlerUrl` / `paymasterUrl`.
import type { GasMode, SponsorshipProvider } from '@/db/enums';
import { type ChainConfig, LOCAL_CHAIN_ID } from '@/lib/chains/config';
import { SubmissionError } from './types';

export type UserOperationRoute = {
  bundlerUrl: string;
  paymasterUrl: string | null;
  /** ERC-7677 `context` for the paymaster (Alchemy's gas manager needs its policy id there). */
  paymasterContext?: Record<string, unknown>;
  /** Where the operation's fees come from: Pimlico bundlers (alto) price user operations themselves. */
  fees: 'bundler' | 'node';
};

/** Alchemy's network slugs: its RPC hosts are per network, not per chain id. */
const ALCHEMY_NETWORKS: Record<number, string> = {
  1: 'eth-mainnet',
  11155111: 'eth-sepolia',
  10: 'opt-mainnet',
  11155420: 'opt-sepolia',
  8453: 'base-mainnet',
  84532: 'base-sepolia',
  42161: 'arb-mainnet',
  421614: 'arb-sepolia',
  137: 'polygon-mainnet',
  80002: 'polygon-amoy',
};

const env = (name: string) => process.env[name] || undefined;

const pimlicoUrl = (chainId: number) => {
  const key = env('PIMLICO_API_KEY');
  return key ? `https://api.pimlico.io/v2/${chainId}/rpc?apikey=${encodeURIComponent(key)}` : undefined;
};

const alchemyUrl = (chainId: number) => {
  const key = env('ALCHEMY_API_KEY');
  const network = ALCHEMY_NETWORKS[chainId];
  return key && network ? `https://${network}.g.alchemy.com/v2/${encodeURIComponent(key)}` : undefined;
};

const unavailable = (message: string) => new SubmissionError('gas_mode_unavailable', message);

/** The bundler (and paymaster) for a gas mode on a chain; `gas_mode_unavailable` when none is configured. */
export function userOperationRoute(
  chain: ChainConfig,
  gasMode: Exclude<GasMode, 'self'>,
  provider: SponsorshipProvider | null,
): UserOperationRoute {
  if (chain.chainId === LOCAL_CHAIN_ID) {
    const bundlerUrl = env('TICKWORK_LOCAL_BUNDLER_URL');
    const paymasterUrl = env('TICKWORK_LOCAL_PAYMASTER_URL');
    if (bundlerUrl && (gasMode === 'self-funded' || paymasterUrl))
      return {
        bundlerUrl,
        paymasterUrl: gasMode === 'sponsored' ? (paymasterUrl ?? null) : null,
        fees: 'bundler',
      };
  }

  if (gasMode === 'self-funded') {
    if (chain.bundlerUrl) return { bundlerUrl: chain.bundlerUrl, paymasterUrl: null, fees: 'node' };
    const pimlico = pimlicoUrl(chain.chainId);
    if (pimlico) return { bundlerUrl: pimlico, paymasterUrl: null, fees: 'bundler' };
    const alchemy = alchemyUrl(chain.chainId);
    if (alchemy) return { bundlerUrl: alchemy, paymasterUrl: null, fees: 'node' };
    throw unavailable(
      `self-funded gas needs an ERC-4337 bundler for chain ${chain.chainId}: set PIMLICO_API_KEY, ALCHEMY_API_KEY or the chain's bundlerUrl`,
    );
  }

  // Sponsored: the executable's provider, else the chain's own paymaster, else Pimlico.
  if (provider === null && chain.paymasterUrl)
    return {
      bundlerUrl: chain.bundlerUrl ?? chain.paymasterUrl,
      paymasterUrl: chain.paymasterUrl,
      fees: 'node',
    };
  if (provider === 'alchemy') {
    const url = alchemyUrl(chain.chainId);
    const policyId = env('ALCHEMY_GAS_POLICY_ID');
    if (!url || !policyId)
      throw unavailable(
        `sponsored gas through Alchemy needs ALCHEMY_API_KEY and ALCHEMY_GAS_POLICY_ID${ALCHEMY_NETWORKS[chain.chainId] ? '' : `, and a chain Alchemy serves (not ${chain.chainId})`}`,
      );
    return { bundlerUrl: url, paymasterUrl: url, paymasterContext: { policyId }, fees: 'node' };
  }
  const url = pimlicoUrl(chain.chainId);
  if (!url) throw unavailable('sponsored gas through Pimlico needs PIMLICO_API_KEY');
  // Pimlico's endpoint is both the bundler and the paymaster.
  return { bundlerUrl: url, paymasterUrl: url, fees: 'bundler' };
}
