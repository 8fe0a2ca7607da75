// A tenant trying to wedge the chain node, and a node that is wedged, on this file's own stack (its own anvil:
// were the gas cap to fail, only this chain would freeze):
// - the endless call (gas 0xffffffffffff on `JUMPDEST PUSH1 0 JUMP`, no `to`) as eth_call, eth_estimateGas and
//   eth_createAccessList, through the RPC gateway and from a task's ctx.chain: each answers within 5 s and a
//   state read right after within 1 s (docs/security.md, the gas cap);
// - an upstream that answers its head but hangs state reads: GET /api/v1/chains says `degraded` and why.
import { describe, expect, it } from 'vitest';
import { createRpcKey } from '@/lib/gateway/keys';
import { startUpstream } from '../gateway/upstream';
import { faultStackWorld, waitUntil } from '../support/faults';
import { testDb } from '../support/fixtures';
import { api } from '../support/http';
import { runnableExe, runToEnd } from '../support/runs';

const world = faultStackWorld();

const ENDLESS = { data: '0x5b600056', gas: '0xffffffffffff' };
const ZERO = `0x${'0'.repeat(40)}`;
const ENDLESS_CALLS: [string, unknown[]][] = [
  ['eth_call', [ENDLESS, 'latest']],
  ['eth_estimateGas', [ENDLESS]],
  ['eth_createAccessList', [ENDLESS, 'latest']],
];

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function postRpc(url: string, body: string) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: res.status, body: (await res.json()) as any };
}

const request = (method: string, params: unknown[]) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

describe('the endless call', () => {
  it('through the gateway answers within 5 s, and a state read right after within 1 s', async () => {
    const { stack, w } = world;
    const { token } = await createRpcKey(testDb(), {
      workspaceId: w.workspaceId,
      name: 'attacker',
      createdBy: null,
    });
    const endpoint = `${stack.app().baseUrl}/rpc/anvil/${token}`;
    const escaped = `{"jsonrpc":"2.0","id":1,"method":"eth\\u005fcall","params":[${JSON.stringify(ENDLESS)},"latest"]}`;
    const bodies = [...ENDLESS_CALLS.map(([method, params]) => request(method, params)), escaped];
    for (const body of bodies) {
      const call = await timed(() => postRpc(endpoint, body));
      expect(call.value.status, body).toBe(200);
      expect(call.value.body.error?.message, body).toMatch(/gas/i);
      expect(call.ms, body).toBeLessThan(5_000);
      const viaGateway = await timed(() => postRpc(endpoint, request('eth_getBalance', [ZERO, 'latest'])));
      expect(viaGateway.value.body.result, body).toMatch(/^0x/);
      expect(viaGateway.ms, body).toBeLessThan(1_000);
      const direct = await timed(() => postRpc(stack.anvilUrl, request('eth_getBalance', [ZERO, 'latest'])));
      expect(direct.value.body.result, body).toMatch(/^0x/);
      expect(direct.ms, body).toBeLessThan(1_000);
    }
  }, 120_000);

  it('from a task answers within 5 s, and a state read right after within 1 s', async () => {
    const { stack, w } = world;
    const exe = await runnableExe(
      w,
      `const calls = ${JSON.stringify(ENDLESS_CALLS)};
export default { __tickworkTask: 1, run: async (ctx) => {
  const timings = [];
  for (const [method, params] of calls) {
    const started = Date.now();
    const outcome = await ctx.chain.request({ method, params }).then(() => 'answered', (e) => e.message);
    timings.push({ method, outcome, ms: Date.now() - started });
    const read = Date.now();
    await ctx.chain.request({ method: 'eth_getBalance', params: ['${ZERO}', 'latest'] });
    timings.push({ method: 'eth_getBalance', outcome: 'answered', ms: Date.now() - read });
  }
  return { canExec: false, message: JSON.stringify(timings) };
} };\n`,
      { exe: { trigger: { type: 'interval', intervalMs: 3_600_000 } } },
    );
    const { execution } = await runToEnd(w.token, exe.id, 'simulate');
    expect(execution.status).toBe('skipped');
    const timings = JSON.parse(execution.message) as { method: string; outcome: string; ms: number }[];
    expect(timings.map((t) => t.method)).toEqual([
      'eth_call',
      'eth_getBalance',
      'eth_estimateGas',
      'eth_getBalance',
      'eth_createAccessList',
      'eth_getBalance',
    ]);
    for (const t of timings) {
      if (t.method === 'eth_getBalance') expect(t.ms, JSON.stringify(t)).toBeLessThan(1_000);
      else {
        expect(t.outcome, t.method).toMatch(/gas/i);
        expect(t.ms, t.method).toBeLessThan(5_000);
      }
    }
    const direct = await timed(() => postRpc(stack.anvilUrl, request('eth_getBalance', [ZERO, 'latest'])));
    expect(direct.ms).toBeLessThan(1_000);
  }, 120_000);
});

describe('a wedged node', () => {
  it('answers its head but not state: GET /api/v1/chains says degraded, and why', async () => {
    const { stack, w } = world;
    const upstream = await startUpstream(stack.anvilUrl);
    // an API-only instance whose chain is behind the fault upstream
    const app = await stack.startApp({
      TICKWORK_LOCAL_RPC_URL: upstream.url,
      TICKWORK_RPC_HEALTH_INTERVAL_MS: '500',
      TICKWORK_EMBEDDED_WORKER: 'off',
      TICKWORK_SCHEDULER: 'off',
      TICKWORK_FOLLOWER: 'off',
    });
    try {
      const anvilChain = async () => {
        const res = await api('/api/v1/chains', { token: w.token, baseUrl: app.baseUrl });
        expect(res.status).toBe(200);
        return res.body.data.find((c: { chainId: number }) => c.chainId === 31337);
      };
      // before: the head is read and every upstream answers its state read (a slow read on a busy machine passes)
      await waitUntil(
        'the chain polled, its state read answered',
        async () => {
          const chain = await anvilChain();
          return chain?.blockNumber != null && !chain.statusReason.includes('state read');
        },
        60_000,
      );
      upstream.mode = 'wedged';
      const degraded = await waitUntil(
        'the chain degraded by its state reads',
        async () => {
          const chain = await anvilChain();
          return chain?.status === 'degraded' && chain.statusReason.includes('state read') ? chain : null;
        },
        60_000,
      );
      expect(degraded.statusReason).toContain(
        '1 of 1 upstreams did not answer a state read (eth_getBalance) within 2 s',
      );
      expect(degraded.blockNumber).toEqual(expect.any(Number));
    } finally {
      await app.stop();
      await upstream.stop();
    }
  }, 180_000);
});
