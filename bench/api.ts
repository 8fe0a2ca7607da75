// `npm run bench`: management API throughput on the built app (concurrency 32), written to docs/performance.md.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { createDb } from '@/db/client';
import { createApiKey } from '@/lib/auth/api-keys';
import { createProject } from '@/lib/projects/service';
import { ensureUserByAddress } from '@/lib/users/service';
import { createWorkspace } from '@/lib/workspaces/service';
import { startTestStack } from '../test/support/stack';

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

type Result = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execSync('node node_modules/next/dist/bin/next build', {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
}
// The limiter stays on (its cost is part of the hot path) with a budget the benchmark cannot exhaust.
const stack = await startTestStack({
  env: { TICKWORK_RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' },
});
try {
  const db = createDb(stack.databaseUrl, 2);
  const user = await ensureUserByAddress(db, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  const workspace = await createWorkspace(db, { name: 'Bench', ownerUserId: user.id });
  for (let i = 0; i < 20; i++)
    await createProject(db, workspace.id, { name: `Project ${i}`, slug: `project-${i}` });
  const key = await createApiKey(db, { userId: user.id, workspaceId: workspace.id, name: 'bench' });
  await db.$sql.end();

  const bare = await measure('GET /api/health (bare)', `${stack.baseUrl}/api/health`);
  const projects = await measure(
    'GET /api/v1/projects (authenticated, 20 rows)',
    `${stack.baseUrl}/api/v1/projects`,
    {
      authorization: `Bearer ${key.token}`,
    },
  );
  const ratio = projects.rps / bare.rps;
  const row = (r: Result) =>
    `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`;
  const verdict = [
    `- throughput ≥ 1,000 req/s: ${projects.rps >= 1000 ? 'met' : 'NOT met'} (${Math.round(projects.rps)})`,
    `- ≥ 0.5 of the bare route: ${ratio >= 0.5 ? 'met' : 'NOT met'} (${ratio.toFixed(2)})`,
    `- p99 < 50 ms: ${projects.p99 < 50 ? 'met' : 'NOT met'} (${projects.p99} ms)`,
  ].join('\n');
  const report = `# Performance

Measured by \`npm run bench\` (bench/api.ts): the built app (\`next start\`, one process) on embedded
Postgres, autocannon with ${CONNECTIONS} connections for ${DURATION_S} s per route after a 2 s warm-up, on
${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString().slice(0, 10)}.

| route | req/s | p50 ms | p99 ms | errors + non-2xx |
|---|---|---|---|---|
${row(bare)}
${row(projects)}

Ratio authenticated / bare: **${ratio.toFixed(2)}**

Goals (issue "Platform foundation"):
${verdict}

What the authenticated route does per request: rate-limit upsert (one statement on the credential's shared
token bucket), one indexed query that resolves the key hash and the membership together, one indexed list
query, JSON envelope. \`last_used_at\` is written at most once a minute per key, off the response path.
`;
  writeFileSync('docs/performance.md', report);
  console.log(report);
} finally {
  await stack.stop();
}
