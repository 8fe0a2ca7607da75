// The health rules that see a wedged node (lib/gateway/health.ts, poller.ts, head-stall.ts), in-process on an
// anvil of this file's own: a state read that gets no answer within its deadline, and a head that stopped
// moving for longer than the chain's block time allows (never for a chain that mines on demand).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalChain, startAnvil } from '@/lib/chains/anvil';
import { forwardJsonRpc } from '@/lib/gateway/forward';
import { chainHealth, chainStatus, resetGatewayHealth, upstreamOrder } from '@/lib/gateway/health';
import { pollChainHealth } from '@/lib/gateway/poller';
import { freePort } from '@/lib/net/free-port';
import { ownChain } from './own-chain';
import { startUpstream, type TestUpstream } from './upstream';

let anvil: LocalChain;
let upstream: TestUpstream;
beforeAll(async () => {
  // generous for a loaded machine: only the wedged upstream's read may miss it
  vi.stubEnv('TICKWORK_RPC_HEALTH_STATE_READ_TIMEOUT_MS', '5000');
  anvil = await startAnvil({ port: await freePort() });
  upstream = await startUpstream(anvil.rpcUrl);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await upstream?.stop();
  await anvil?.stop();
});

async function latestBlock(): Promise<{ number: number; timestamp: number }> {
  const res = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getBlockByNumber',
      params: ['latest', false],
    }),
  });
  const { result } = (await res.json()) as { result: { number: string; timestamp: string } };
  return { number: Number(BigInt(result.number)), timestamp: Number(BigInt(result.timestamp)) };
}

describe('a node that answers its head but not state', () => {
  it('is degraded, says why, and is tried last; a node that answers again is not', async () => {
    resetGatewayHealth();
    const chain = ownChain(upstream.url, { rpcUrls: [anvil.rpcUrl] });
    await pollChainHealth(chain);
    expect(chainStatus(chain)).toMatchObject({ status: 'operational' });

    upstream.mode = 'wedged';
    await pollChainHealth(chain);
    const wedged = chainStatus(chain);
    expect(wedged.status).toBe('degraded');
    expect(wedged.statusReason).toContain(
      '1 of 2 upstreams did not answer a state read (eth_getBalance) within 5 s',
    );
    // its head still came: the block height is known
    expect(wedged.blockNumber).toBe((await latestBlock()).number);
    // the other upstream answers first now
    expect(upstreamOrder(chainHealth(chain)).map((u) => u.url)).toEqual([anvil.rpcUrl, upstream.url]);

    upstream.mode = 'forward';
    await pollChainHealth(chain);
    // the failed reads stay in the error window; the state-read rule itself no longer holds
    expect(chainStatus(chain).statusReason).not.toContain('state read');
  });
});

describe('the upstream deadline', () => {
  it('ends a request that gets no answer, and counts it as an error in the chain’s health', async () => {
    resetGatewayHealth();
    vi.stubEnv('TICKWORK_RPC_UPSTREAM_TIMEOUT_MS', '300');
    upstream.mode = 'hang';
    try {
      const chain = ownChain(upstream.url);
      const answer = await forwardJsonRpc(
        chain,
        '{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":[]}',
      );
      expect(answer).toEqual({ ok: false, attempts: 1 });
      expect(chainStatus(chain)).toMatchObject({ status: 'degraded', requests: 1, errorRatio: 1 });
    } finally {
      upstream.mode = 'forward';
      vi.stubEnv('TICKWORK_RPC_UPSTREAM_TIMEOUT_MS', '10000');
    }
  });
});

describe('a head that stopped moving', () => {
  it('is degraded after the stall the chain allows', async () => {
    resetGatewayHealth();
    const chain = ownChain(anvil.rpcUrl, { health: { blockTimeSeconds: 1, headStallSeconds: 3 } });
    await pollChainHealth(chain);
    const head = await latestBlock();
    const at = (seconds: number) => (head.timestamp + seconds) * 1000;
    expect(chainStatus(chain, at(2))).toMatchObject({ status: 'operational', blockAgeSeconds: 2 });
    const stalled = chainStatus(chain, at(5));
    expect(stalled).toMatchObject({ status: 'degraded', blockAgeSeconds: 5 });
    expect(stalled.statusReason).toBe(
      `No new block for 5 s (head ${head.number}; a block is expected every 1 s, degraded after 3 s).`,
    );
  });

  it('defaults: an Ethereum L1 after 60 s; never a chain that mines on demand', async () => {
    resetGatewayHealth();
    const l1 = ownChain(anvil.rpcUrl, { chainId: 1 });
    const local = ownChain(anvil.rpcUrl);
    const onDemand = ownChain(anvil.rpcUrl, { chainId: 1, health: { blockTimeSeconds: 0 } });
    await pollChainHealth(l1);
    const head = await latestBlock();
    const at = (seconds: number) => (head.timestamp + seconds) * 1000;
    expect(chainStatus(l1, at(60)).status).toBe('operational');
    expect(chainStatus(l1, at(61)).statusReason).toContain(
      'a block is expected every 12 s, degraded after 60 s',
    );
    expect(chainStatus(local, at(86_400)).status).toBe('operational');
    expect(chainStatus(onDemand, at(86_400)).status).toBe('operational');
  });
});
