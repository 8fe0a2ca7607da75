// The RPC gateway in-process (route handlers with the environment set here), against local upstreams that
// forward to the test stack's anvil or fail on demand: discovery and auth, single and batch proxying, refused
// methods, failover, the health window's status, syncing, the rate and body limits, revocation.
import { afterAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { newWorkspace, testDb } from '../support/fixtures';
import { startUpstream, type TestUpstream } from './upstream';

vi.mock('@/db/client', async (original) => {
  const actual = await original<typeof import('@/db/client')>();
  const { target } = await import('../support/target');
  let db: ReturnType<typeof actual.createDb> | undefined;
  return { ...actual, getDb: () => (db ??= actual.createDb(target().databaseUrl, 2)) };
});

const anvil = inject('rpcUrl');
const [primary, fallback, flaky, syncer] = await Promise.all([1, 2, 3, 4].map(() => startUpstream(anvil)));
const chain = (network: string, chainId: number, urls: TestUpstream[]) => ({
  chainId,
  name: network,
  network,
  rpcUrl: urls[0].url,
  rpcUrls: urls.slice(1).map((u) => u.url),
  testnet: true,
});
vi.stubEnv(
  'TICKWORK_CHAINS',
  JSON.stringify([
    chain('anvil', 31337, [primary, fallback]),
    chain('flaky', 31338, [flaky]),
    chain('syncer', 31339, [syncer]),
  ]),
);
vi.stubEnv('TICKWORK_RPC_URL', 'https://rpc.tickwork.test/rpc');
// short enough that the hanging upstream's failover stays quick, long enough for a loaded machine's healthy answer
vi.stubEnv('TICKWORK_RPC_UPSTREAM_TIMEOUT_MS', '3000');
vi.stubEnv('TICKWORK_RPC_RATE_LIMIT_PER_MINUTE', '100000');

const { GET: discoveryRoute } = await import('@/app/rpc/v1/chains/route');
const { POST: executionRoute } = await import('@/app/rpc/[network]/[key]/route');
const { createRpcKey, revokeRpcKey } = await import('@/lib/gateway/keys');
const { chainStatus, resetGatewayHealth } = await import('@/lib/gateway/health');
const { pollChainHealth } = await import('@/lib/gateway/poller');
const { findChain } = await import('@/lib/chains/config');

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([primary, fallback, flaky, syncer].map((u) => u.stop()));
});

async function rpcKey() {
  const w = await newWorkspace();
  const key = await createRpcKey(testDb(), { workspaceId: w.workspaceId, name: 'test', createdBy: w.userId });
  return { ...key, workspaceId: w.workspaceId };
}

const discover = (apikey?: string) =>
  discoveryRoute(new Request('http://app.test/rpc/v1/chains', { headers: apikey ? { apikey } : {} }));

async function rpc(network: string, key: string, body: unknown) {
  const res = await executionRoute(
    new Request(`http://app.test/rpc/${network}/${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ network, key }) },
  );
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const direct = async (body: string) =>
  (await fetch(anvil, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();

beforeEach(() => {
  for (const u of [primary, fallback, flaky, syncer])
    Object.assign(u, { mode: 'forward', syncing: false, hits: 0 });
  resetGatewayHealth();
});

describe('discovery', () => {
  it('lists every chain with exactly the spec fields and its execution endpoint', async () => {
    const { token } = await rpcKey();
    const res = await discover(token);
    expect(res.status).toBe(200);
    const { chains } = (await res.json()) as { chains: Record<string, unknown>[] };
    expect(chains.map((c) => c.chain)).toEqual(['anvil', 'flaky', 'syncer']);
    const anvilEntry = chains[0];
    expect(Object.keys(anvilEntry).sort()).toEqual(
      ['blockNumber', 'chain', 'chainId', 'endpoint', 'protocols', 'provider', 'syncing'].sort(),
    );
    expect(anvilEntry).toMatchObject({
      chain: 'anvil',
      endpoint: 'rpc.tickwork.test/rpc/anvil',
      chainId: 31337,
      syncing: false,
      protocols: ['jsonrpc'],
      provider: 'tickwork',
    });
    const height = await direct('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}');
    expect(anvilEntry.blockNumber).toBeLessThanOrEqual(Number(JSON.parse(height).result));
    expect(anvilEntry.blockNumber).toBeGreaterThan(0);
  });

  it('answers 401 with a JSON error body for a missing, unknown or revoked key', async () => {
    const key = await rpcKey();
    await revokeRpcKey(testDb(), { keyId: key.id, workspaceId: key.workspaceId });
    for (const apikey of [undefined, 'twrpc_nope', 'tw_notAnRpcKey', key.token]) {
      const res = await discover(apikey);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        code: 'unauthorized',
        requestId: expect.stringMatching(/^req_/),
      });
    }
    const exec = await rpc('anvil', 'twrpc_nope', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
    expect(exec.status).toBe(401);
    expect(exec.body).toMatchObject({ code: 'unauthorized' });
  });
});

describe('execution endpoint', () => {
  it('proxies a single request and passes ids, hex and the bytes through unchanged', async () => {
    const { token } = await rpcKey();
    const body =
      '{"jsonrpc":"2.0","id":"req-7","method":"eth_getBalance","params":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","0x0"]}';
    const res = await rpc('anvil', token, body);
    expect(res.status).toBe(200);
    expect(res.text).toBe(await direct(body));
    expect(res.body).toMatchObject({ id: 'req-7', result: expect.stringMatching(/^0x[0-9a-f]+$/) });
    expect(primary.hits).toBe(1);
  });

  it('proxies a batch unchanged and passes a JSON-RPC error inside HTTP 200 through', async () => {
    const { token } = await rpcKey();
    const body = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      {
        jsonrpc: '2.0',
        id: 9007199254740991,
        method: 'eth_getCode',
        params: ['0x0000000000000000000000000000000000000000', '0x0'],
      },
      { jsonrpc: '2.0', id: 'bad', method: 'eth_getBalance', params: ['not-an-address', 'latest'] },
    ]);
    const res = await rpc('anvil', token, body);
    expect(res.status).toBe(200);
    expect(res.text).toBe(await direct(body));
    expect(res.body[0]).toMatchObject({ id: 1, result: '0x7a69' });
    expect(res.body[1]).toMatchObject({ id: 9007199254740991, result: '0x' });
    expect(res.body[2]).toMatchObject({ id: 'bad', error: { code: expect.any(Number) } });
  });

  it('refuses signing, mining and admin methods with a JSON-RPC error under each id, forwarding the rest', async () => {
    const { token } = await rpcKey();
    const refused = [
      'eth_sendTransaction',
      'eth_sign',
      'personal_sign',
      'anvil_mine',
      'evm_mine',
      'debug_traceCall',
      'admin_peers',
      'hardhat_reset',
      'ETH_CALL',
    ];
    const batch = [
      { jsonrpc: '2.0', id: 'first', method: 'eth_chainId', params: [] },
      ...refused.map((method, i) => ({ jsonrpc: '2.0', id: i + 100, method, params: [] })),
      { jsonrpc: '2.0', id: 'accounts', method: 'eth_accounts', params: [] },
      { jsonrpc: '2.0', id: 'last', method: 'eth_chainId', params: [] },
    ];
    const before = await direct('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}');
    const res = await rpc('anvil', token, batch);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: unknown }) => r.id)).toEqual(batch.map((r) => r.id));
    expect(res.body[0]).toEqual({ jsonrpc: '2.0', id: 'first', result: '0x7a69' });
    for (const [i, method] of refused.entries())
      expect(res.body[i + 1]).toEqual({
        jsonrpc: '2.0',
        id: i + 100,
        error: { code: -32601, message: expect.stringContaining(method) },
      });
    expect(res.body.at(-2)).toEqual({ jsonrpc: '2.0', id: 'accounts', result: [] });
    expect(res.body.at(-1)).toMatchObject({ id: 'last', result: '0x7a69' });
    const single = await rpc('anvil', token, {
      jsonrpc: '2.0',
      id: 5,
      method: 'eth_sendTransaction',
      params: [{}],
    });
    expect(single.body).toMatchObject({ id: 5, error: { code: -32601 } });
    // Nothing was mined by the refused methods.
    expect(await direct('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}')).toBe(before);
  });

  it('lets eth_sendRawTransaction through to the chain (its answer, here a decoding error)', async () => {
    const { token } = await rpcKey();
    const res = await rpc('anvil', token, {
      jsonrpc: '2.0',
      id: 3,
      method: 'eth_sendRawTransaction',
      params: ['0x00'],
    });
    expect(primary.hits).toBe(1);
    expect(res.body).toMatchObject({ id: 3, error: { code: expect.any(Number) } });
    expect(res.body.error.code).not.toBe(-32601);
  });

  it.each(['http-500', 'reset', 'hang'] as const)(
    'fails over to the second upstream when the first answers %s',
    async (mode) => {
      const { token } = await rpcKey();
      primary.mode = mode;
      const res = await rpc('anvil', token, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
      expect(primary.hits).toBe(1);
      expect(fallback.hits).toBe(1);
      // The failed upstream now goes last: the next request goes straight to the second one.
      await rpc('anvil', token, { jsonrpc: '2.0', id: 2, method: 'eth_chainId' });
      expect([primary.hits, fallback.hits]).toEqual([1, 2]);
    },
  );

  it('never retries after a JSON-RPC error answer', async () => {
    const { token } = await rpcKey();
    primary.mode = 'rpc-error';
    const res = await rpc('anvil', token, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'upstream says no' } });
    expect([primary.hits, fallback.hits]).toEqual([1, 0]);
  });

  it('answers 502 with JSON-RPC errors when no upstream answers', async () => {
    const { token } = await rpcKey();
    flaky.mode = 'http-500';
    const res = await rpc('flaky', token, [{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }]);
    expect(res.status).toBe(502);
    expect(res.body).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: expect.any(String) } },
    ]);
  });

  it('answers 404 for an unknown network, 400 for a body that is not JSON', async () => {
    const { token } = await rpcKey();
    expect((await rpc('nowhere', token, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).status).toBe(404);
    const bad = await rpc('anvil', token, '{not json');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ id: null, error: { code: -32700 } });
  });

  it('refuses a body above 1 MiB with 413 in the error shape', async () => {
    const { token } = await rpcKey();
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ data: `0x${'00'.repeat(600_000)}` }],
    });
    const res = await rpc('anvil', token, big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'payload_too_large' });
    expect(primary.hits).toBe(0);
  });

  it('limits the rate per workspace, across its keys: 429 in the error shape', async () => {
    vi.stubEnv('TICKWORK_RPC_RATE_LIMIT_PER_MINUTE', '3');
    try {
      const one = await rpcKey();
      const two = await createRpcKey(testDb(), {
        workspaceId: one.workspaceId,
        name: 'second',
        createdBy: null,
      });
      const call = (token: string) => rpc('anvil', token, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
      expect((await call(one.token)).status).toBe(200);
      expect((await call(two.token)).status).toBe(200);
      expect((await call(one.token)).status).toBe(200);
      const refused = await call(two.token);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'rate_limited' });
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another workspace has its own bucket.
      expect((await call((await rpcKey()).token)).status).toBe(200);
    } finally {
      vi.stubEnv('TICKWORK_RPC_RATE_LIMIT_PER_MINUTE', '100000');
    }
  });

  it('refuses a revoked key at once (this process forgets it)', async () => {
    const key = await rpcKey();
    expect((await rpc('anvil', key.token, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).status).toBe(
      200,
    );
    await revokeRpcKey(testDb(), { keyId: key.id, workspaceId: key.workspaceId });
    expect((await rpc('anvil', key.token, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).status).toBe(
      401,
    );
  });
});

describe('chain status', () => {
  const flakyChain = () => findChain(31338) as NonNullable<ReturnType<typeof findChain>>;

  it('turns degraded when the recent error ratio passes 2 % and operational when it falls back', async () => {
    const { token } = await rpcKey();
    const send = async (n: number) => {
      for (let i = 0; i < n; i++) await rpc('flaky', token, { jsonrpc: '2.0', id: i, method: 'eth_chainId' });
    };
    await send(100);
    expect(chainStatus(flakyChain())).toMatchObject({ status: 'operational', requests: 100, errorRatio: 0 });
    flaky.mode = 'http-500';
    await send(2);
    expect(chainStatus(flakyChain())).toMatchObject({ status: 'operational', requests: 102 }); // 1.96 %
    await send(1);
    const degraded = chainStatus(flakyChain()); // 3 of 103: 2.9 %
    expect(degraded).toMatchObject({ status: 'degraded', requests: 103 });
    expect(degraded.statusReason).toContain('3 of 103');
    flaky.mode = 'forward';
    await send(46);
    expect(chainStatus(flakyChain()).status).toBe('degraded'); // 3 of 149: 2.01 %
    await send(1);
    expect(chainStatus(flakyChain())).toMatchObject({
      status: 'operational',
      requests: 150,
      errorRatio: 0.02,
    });
    const status = chainStatus(flakyChain());
    expect(status.latencyP50Ms).toBeGreaterThan(0);
    expect(status.latencyP95Ms).toBeGreaterThanOrEqual(status.latencyP50Ms as number);
  });

  it('reports syncing over degraded when the upstream answers eth_syncing with an object', async () => {
    const { token } = await rpcKey();
    const syncChain = findChain(31339) as NonNullable<ReturnType<typeof findChain>>;
    syncer.syncing = true;
    await pollChainHealth(syncChain);
    syncer.mode = 'http-500';
    for (let i = 0; i < 5; i++) await rpc('syncer', token, { jsonrpc: '2.0', id: i, method: 'eth_chainId' });
    const status = chainStatus(syncChain);
    expect(status.errorRatio).toBeGreaterThan(0.02);
    expect(status).toMatchObject({ status: 'syncing', syncing: true });
    const { chains } = (await (await discover(token)).json()) as {
      chains: { chain: string; syncing: boolean }[];
    };
    expect(chains.find((c) => c.chain === 'syncer')?.syncing).toBe(true);
    expect(chains.find((c) => c.chain === 'anvil')?.syncing).toBe(false);
  });

  it('reads the block height and its age from the poll', async () => {
    const anvilChain = findChain(31337) as NonNullable<ReturnType<typeof findChain>>;
    await pollChainHealth(anvilChain);
    const status = chainStatus(anvilChain);
    expect(status.blockNumber).toBeGreaterThan(0);
    expect(status.blockAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(status.polledAt).not.toBeNull();
  });
});

describe('tasks as the gateway’s own client', () => {
  it('sends ctx.chain requests through the gateway path: counted in the window, failing over', async () => {
    const { chainBridge } = await import('@/lib/runtime/chain-bridge');
    const anvilChain = findChain(31337) as NonNullable<ReturnType<typeof findChain>>;
    const request = chainBridge(anvilChain);
    expect(await request('eth_chainId', [])).toBe('0x7a69');
    expect(chainStatus(anvilChain).requests).toBe(1);
    primary.mode = 'reset';
    expect(await request('eth_chainId', [])).toBe('0x7a69');
    expect([primary.hits, fallback.hits]).toEqual([2, 1]);
    expect(chainStatus(anvilChain)).toMatchObject({ requests: 3, errorRatio: 1 / 3, status: 'degraded' });
  });
});

describe('the standalone gateway process (scripts/rpc-gateway.ts)', () => {
  it('serves discovery and the execution endpoint with the same handlers', async () => {
    const { createGatewayServer } = await import('@/lib/gateway/server');
    const server = createGatewayServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/rpc`;
    try {
      const { token } = await rpcKey();
      const discovery = await fetch(`${base}/v1/chains`, { headers: { apikey: token } });
      expect(discovery.status).toBe(200);
      expect(((await discovery.json()) as { chains: { endpoint: string }[] }).chains[0].endpoint).toBe(
        'rpc.tickwork.test/rpc/anvil',
      );
      expect((await fetch(`${base}/v1/chains`)).status).toBe(401);
      const body =
        '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"jsonrpc":"2.0","id":2,"method":"eth_sign"}]';
      const res = await fetch(`${base}/anvil/${token}`, { method: 'POST', body });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([
        { jsonrpc: '2.0', id: 1, result: '0x7a69' },
        { jsonrpc: '2.0', id: 2, error: { code: -32601, message: expect.any(String) } },
      ]);
      const big = await fetch(`${base}/anvil/${token}`, {
        method: 'POST',
        body: 'x'.repeat(1024 * 1024 + 1),
      });
      expect(big.status).toBe(413);
      expect((await fetch(`${base}/nowhere`, { method: 'POST', body })).status).toBe(404);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
