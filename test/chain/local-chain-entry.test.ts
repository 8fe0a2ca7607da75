// The local chain configured through TICKWORK_CHAINS (as the fault stack's `chain` option does) instead of the
// built-in entry: it keeps the bootstrap's contracts, the local bundler and paymaster and the local defaults.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_CHAIN_CONTRACTS } from '@/lib/chains/contracts';

const VARS = ['TICKWORK_CHAINS', 'TICKWORK_LOCAL_BUNDLER_URL', 'TICKWORK_LOCAL_PAYMASTER_URL'] as const;
const saved = VARS.map((name) => process.env[name]);

beforeAll(() => {
  process.env.TICKWORK_CHAINS = JSON.stringify([
    {
      chainId: 31337,
      name: 'Anvil (fault stack)',
      network: 'anvil',
      rpcUrl: 'http://127.0.0.1:1',
      testnet: true,
      health: { blockTimeSeconds: 1 },
    },
  ]);
  process.env.TICKWORK_LOCAL_BUNDLER_URL = 'http://127.0.0.1:2';
  process.env.TICKWORK_LOCAL_PAYMASTER_URL = 'http://127.0.0.1:3';
  vi.resetModules();
});
afterAll(() => {
  VARS.forEach((name, i) => {
    if (saved[i] === undefined) delete process.env[name];
    else process.env[name] = saved[i];
  });
  vi.resetModules();
});

describe('a TICKWORK_CHAINS entry for chain 31337', () => {
  it('is the one enabled chain, with the local contracts, bundler, paymaster and trigger defaults', async () => {
    const { enabledChains } = await import('@/lib/chains/config');
    const { getChainContracts } = await import('@/lib/chains/contracts');
    const { userOperationRoute } = await import('@/lib/chains/submitters/gas-providers');
    const { chainTriggerSettings } = await import('@/lib/triggers/settings');
    const [chain] = enabledChains();
    expect(enabledChains()).toHaveLength(1);
    expect(chain).toMatchObject({
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:1',
      health: { blockTimeSeconds: 1 },
    });
    expect(getChainContracts(31337)).toEqual(LOCAL_CHAIN_CONTRACTS);
    expect(userOperationRoute(chain, 'sponsored', null)).toEqual({
      bundlerUrl: 'http://127.0.0.1:2',
      paymasterUrl: 'http://127.0.0.1:3',
      fees: 'bundler',
    });
    expect(userOperationRoute(chain, 'self-funded', null)).toMatchObject({
      paymasterUrl: null,
      fees: 'bundler',
    });
    expect(chainTriggerSettings(chain).defaultConfirmations).toBe(0);
  });
});
