import { describe, expect, inject, it } from 'vitest';
import { expectDataEnvelope, expectStatus } from '../../support/expect';
import { newMember, newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';

const CHAIN_KEYS = [
  'availableOnPlan',
  'blockAgeSeconds',
  'blockNumber',
  'chainId',
  'errorRatio',
  'explorerUrl',
  'name',
  'nativeCurrency',
  'network',
  'status',
  'statusReason',
  'testnet',
];

describe('chains: happy paths', () => {
  it('lists the local 31337 chain: Array envelope without pagination, available on Free', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const res = await api('/api/v1/chains', { token: owner.token });
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(Array.isArray(res.body.data)).toBe(true);
    const local = res.body.data.find((c: any) => c.chainId === 31337);
    expect(local).toEqual({
      chainId: 31337,
      name: 'Anvil (local)',
      network: 'anvil',
      testnet: true,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      explorerUrl: null,
      availableOnPlan: true,
      status: 'operational',
      statusReason: expect.any(String),
      blockNumber: expect.any(Number),
      blockAgeSeconds: expect.any(Number),
      errorRatio: 0,
    });
    for (const chain of res.body.data) expect(Object.keys(chain).sort()).toEqual(CHAIN_KEYS);
  });

  it('never leaks the RPC URL', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/chains', { token: owner.token });
    const rpcUrl = inject('rpcUrl');
    expect(res.text).not.toContain('rpcUrl');
    expect(res.text).not.toContain(rpcUrl);
    expect(res.text).not.toContain(new URL(rpcUrl).host);
    expect(res.text).not.toMatch(/https?:\/\//);
  });

  it('testnets are available on every plan', async () => {
    for (const plan of ['free', 'pro', 'enterprise'] as const) {
      const owner = await newWorkspace({ plan });
      const res = await api('/api/v1/chains', { token: owner.token });
      for (const chain of res.body.data.filter((c: any) => c.testnet))
        expect(chain.availableOnPlan).toBe(true);
    }
  });

  it('a member reads chains too', async () => {
    const owner = await newWorkspace();
    const member = await newMember(owner.workspaceId, { role: 'member' });
    const res = await api('/api/v1/chains', { token: member.token });
    expect(res.status).toBe(200);
  });
});

describe('chains: plan availability (lib/chains/list, with a configured mainnet)', () => {
  it('mainnets are unavailable on Free and available on paid plans; rpcUrl stays server-side', async () => {
    const previous = process.env.TICKWORK_CHAINS;
    process.env.TICKWORK_CHAINS = JSON.stringify([
      {
        chainId: 1,
        name: 'Ethereum',
        network: 'mainnet',
        rpcUrl: 'https://rpc.example/key-123',
        testnet: false,
      },
      {
        chainId: 11155111,
        name: 'Sepolia',
        network: 'sepolia',
        rpcUrl: 'https://rpc.example/key-456',
        testnet: true,
      },
    ]);
    try {
      const { listChains } = await import('@/lib/chains/list');
      const byPlan = (plan: 'free' | 'pro' | 'enterprise') =>
        Object.fromEntries(listChains(plan).map((c) => [c.chainId, c.availableOnPlan]));
      expect(byPlan('free')).toEqual({ 1: false, 11155111: true });
      expect(byPlan('pro')).toEqual({ 1: true, 11155111: true });
      expect(byPlan('enterprise')).toEqual({ 1: true, 11155111: true });
      expect(JSON.stringify(listChains('pro'))).not.toContain('key-123');
    } finally {
      if (previous === undefined) delete process.env.TICKWORK_CHAINS;
      else process.env.TICKWORK_CHAINS = previous;
    }
  });
});
