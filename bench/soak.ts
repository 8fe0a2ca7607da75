// `npm run bench:soak`: N active executables on 30-second interval triggers, for a window, through the real
// engine (each worker a `next start` of the build with its embedded scheduler, queue and isolate sandbox, on one
// Postgres and one anvil): a task that makes one chain read and skips, and a second pass where 1 in 10 runs
// sends a transaction (eight funded legacy profiles, paying 1 wei). With 1 and with 2 worker processes. Then the
// largest N one worker carries with a dispatch lag p99 under 1 s. Written to the "Soak" section of
// docs/performance.md.
//
// BENCH_SOAK_EXECUTABLES (default 10000), BENCH_SOAK_SECONDS (default 600), BENCH_SOAK_WORKERS (default "1,2"),
// BENCH_SOAK_TX (default on), BENCH_SOAK_SEARCH (the N tried for one worker, default "250,500,1000,2000,4000"; empty:
// no search), BENCH_SOAK_SEARCH_SECONDS (default 120).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createDb, type Db } from '@/db/client';
import { executables, workspaces } from '@/db/schema';
import { createApiKey } from '@/lib/auth/api-keys';
import { newId } from '@/lib/ids';
import { type FaultStack, startFaultStack } from '../test/support/fault-stack';
import { activeProfile, appApi, uploadPayingTask } from './support/app-world';
import { writeSection } from './support/performance-doc';
import { seedBenchWorld } from './support/seed-world';
import { cpuTicks, deploymentTicks } from './support/soak-cpu';

const DEFAULT_N = 10_000;
const N = Number(process.env.BENCH_SOAK_EXECUTABLES ?? DEFAULT_N);
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const WORKERS = (process.env.BENCH_SOAK_WORKERS ?? '1,2').split(',').map(Number);
const WITH_TX = process.env.BENCH_SOAK_TX !== 'off';
const SEARCH = (process.env.BENCH_SOAK_SEARCH ?? '250,500,1000,2000,4000')
  .split(',')
  .filter(Boolean)
  .map(Number);
const SEARCH_SECONDS = Number(process.env.BENCH_SOAK_SEARCH_SECONDS ?? 120);
const INTERVAL_MS = 30_000;
/** Seeded runs start this long after the seed, so the workers are warm when the window opens. */
const LEAD_MS = 10_000;
/** Slots due this close to the window's end are not counted (their pickup may fall after it). */
const TAIL_MS = 5_000;
const TX_EVERY = 10;
const SENDING_PROFILES = 8;

const READ_TASK = `export default { __tickworkTask: 1, async run(ctx) {
  await ctx.chain.request({ method: 'eth_blockNumber' });
  return { canExec: false, message: 'nothing to do' };
} };\n`;
const RECIPIENT = privateKeyToAccount(generatePrivateKey()).address;
const PAY_TASK = `export default { __tickworkTask: 1, async run(ctx) {
  await ctx.chain.request({ method: 'eth_blockNumber' });
  return { canExec: true, message: 'paying', calls: [{ to: ctx.args.to, data: '0x', value: BigInt(1) }] };
} };\n`;

type Stats = { p50: number; p95: number; p99: number };
function stats(ms: number[]): Stats {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

type Round = {
  workers: number;
  tx: boolean;
  n: number;
  seconds: number;
  due: number;
  started: number;
  missed: number;
  duplicates: number;
  lag: Stats;
  run: Stats;
  sent: number;
  confirmed: number;
  /** CPU ms per started run: the worker processes, and the whole deployment (Postgres and anvil included). */
  appCpuMs: number;
  deploymentCpuMs: number;
};

/** N executables, their first slots spread evenly over one interval starting at `start`. */
async function seedExecutables(
  db: Db,
  world: Awaited<ReturnType<typeof seedBenchWorld>>,
  n: number,
  start: number,
  pay: { functionId: string; profileIds: string[] } | null,
): Promise<number[]> {
  const firstDue: number[] = [];
  for (let i = 0; i < n; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - i) }, (_, j) => {
      const k = i + j;
      const due = start + Math.floor((k * INTERVAL_MS) / n);
      firstDue.push(due);
      const sends = pay !== null && k % TX_EVERY === 0;
      return {
        id: newId('executable'),
        workspaceId: world.workspaceId,
        projectId: world.projectId,
        functionId: sends ? pay.functionId : world.functionId,
        profileId: sends ? pay.profileIds[(k / TX_EVERY) % pay.profileIds.length] : world.profileId,
        name: `soak-${k}`,
        state: 'active' as const,
        trigger: { type: 'interval' as const, intervalMs: INTERVAL_MS },
        args: sends ? JSON.stringify({ to: RECIPIENT }) : '{}',
        nextRunAt: new Date(due),
        sandboxRef: 'isolate:bench',
      };
    });
    await db.insert(executables).values(rows);
  }
  return firstDue;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits until no run is still in flight (at most a minute). */
async function settle(db: Db) {
  for (let i = 0; i < 120; i++) {
    const [{ open }] = await db.$sql<{ open: number }[]>`
      select count(*)::int as open from executions where status in ('pending', 'running', 'simulating', 'submitted')`;
    if (open === 0) return;
    await sleep(500);
  }
}

async function measure(db: Db, firstDue: number[], start: number, end: number) {
  const countedUntil = end - TAIL_MS;
  const due = firstDue.reduce(
    (sum, first) =>
      sum + (first < countedUntil ? Math.floor((countedUntil - 1 - first) / INTERVAL_MS) + 1 : 0),
    0,
  );
  const rows = await db.$sql<
    { slot: string; lag: number | null; run: number | null; status: string; copies: number; sent: boolean }[]
  >`
    select executable_id || '@' || scheduled_at::text as slot,
           extract(epoch from started_at - scheduled_at) * 1000 as lag,
           extract(epoch from finished_at - started_at) * 1000 as run,
           status, tx_hash is not null as sent,
           count(*) over (partition by executable_id, scheduled_at)::int as copies
      from executions
     where trigger = 'schedule' and scheduled_at >= ${new Date(start).toISOString()}::timestamptz
       and scheduled_at < ${new Date(countedUntil).toISOString()}::timestamptz`;
  const started = rows.filter((r) => r.lag !== null);
  return {
    due,
    started: started.length,
    missed: Math.max(0, due - new Set(started.map((r) => r.slot)).size),
    duplicates: rows.filter((r) => r.copies > 1).length,
    lag: stats(started.map((r) => Number(r.lag))),
    run: stats(rows.filter((r) => r.run !== null).map((r) => Number(r.run))),
    sent: rows.filter((r) => r.sent).length,
    confirmed: rows.filter((r) => r.status === 'confirmed').length,
  };
}

/** One soak on a fresh deployment: `n` executables, `workers` worker processes, `seconds` of schedule. */
async function soak(n: number, workers: number, tx: boolean, seconds: number): Promise<Round> {
  const stack: FaultStack = await startFaultStack({
    env: { LOG_LEVEL: 'warn', TICKWORK_RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  try {
    const apps = [stack.app()];
    for (let i = 1; i < workers; i++) apps.push(await stack.startApp());
    const db = createDb(stack.databaseUrl, 4);
    const world = await seedBenchWorld(db, 'Soak', READ_TASK);
    await db.update(workspaces).set({ plan: 'enterprise' }).where(sql`id = ${world.workspaceId}`);
    let pay: { functionId: string; profileIds: string[] } | null = null;
    if (tx) {
      const key = await createApiKey(db, {
        userId: world.userId,
        workspaceId: world.workspaceId,
        name: 'soak',
      });
      const api = appApi(stack.app().baseUrl, key.token);
      const owner = { workspaceId: world.workspaceId, projectId: world.projectId };
      const functionId = await uploadPayingTask(stack.app().baseUrl, key.token, owner, {
        name: 'pay',
        source: PAY_TASK,
        recipient: RECIPIENT,
      });
      const profileIds: string[] = [];
      for (let i = 0; i < SENDING_PROFILES; i++)
        profileIds.push(await activeProfile(api, stack.anvilUrl, world.projectId, `soak-${i}`));
      pay = { functionId, profileIds };
    }
    const start = Date.now() + LEAD_MS;
    const firstDue = await seedExecutables(db, world, n, start, pay);
    await sleep(start - Date.now());
    const pids = apps.map((app) => app.pid);
    const [appBefore, deploymentBefore] = [cpuTicks(pids), deploymentTicks()];
    const end = start + seconds * 1000;
    await sleep(end - Date.now());
    const [appAfter, deploymentAfter] = [cpuTicks(pids), deploymentTicks()];
    await db.update(executables).set({ state: 'paused' });
    await settle(db);
    const m = await measure(db, firstDue, start, end);
    await db.$sql.end();
    const msPerTick = 1000 / Number(execSync('getconf CLK_TCK').toString().trim());
    const perRun = (ticks: number) => (ticks * msPerTick) / Math.max(1, m.started);
    const round: Round = {
      workers,
      tx,
      n,
      seconds,
      ...m,
      appCpuMs: perRun(appAfter - appBefore),
      deploymentCpuMs: perRun(deploymentAfter - deploymentBefore),
    };
    console.log(JSON.stringify(round));
    return round;
  } finally {
    await stack.stop();
  }
}

if (!existsSync('.next/BUILD_ID')) throw new Error('build the app first: npx next build');
const benchStarted = performance.now();
const loadAtStart = os.loadavg()[0];
const rounds: Round[] = [];
for (const tx of WITH_TX ? [false, true] : [false])
  for (const workers of WORKERS) rounds.push(await soak(N, workers, tx, SECONDS));
const search: Round[] = [];
for (const n of SEARCH) {
  const round = await soak(n, 1, false, SEARCH_SECONDS);
  search.push(round);
  if (round.lag.p99 >= 1000 || round.missed > 0 || round.duplicates > 0) break;
}
const totalMin = (performance.now() - benchStarted) / 60_000;

const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const row = (r: Round) =>
  `| ${r.workers} | ${r.tx ? `1 in ${TX_EVERY}` : 'none'} | ${int(r.n)} | ${r.seconds} | ${int(r.due)} | ${int(r.started)} | ${int(r.missed)} | ${r.duplicates} | ${int(r.lag.p50)} | ${int(r.lag.p95)} | ${int(r.lag.p99)} | ${int(r.run.p50)} | ${int(r.run.p99)} | ${f1(r.appCpuMs)} | ${f1(r.deploymentCpuMs)} | ${r.tx ? `${int(r.sent)} / ${int(r.confirmed)}` : '–'} |`;
const header = `| workers | sends | executables | window s | runs due | started | missed | doubled | lag p50 ms | lag p95 ms | lag p99 ms | run p50 ms | run p99 ms | worker CPU ms/run | deployment CPU ms/run | sent / confirmed |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|`;
const held = search.filter((r) => r.lag.p99 < 1000 && r.missed === 0 && r.duplicates === 0);
const largest = held.at(-1);
const byWorkers = (tx: boolean, w: number) => rounds.find((r) => r.tx === tx && r.workers === w);
const one = byWorkers(false, 1);
const two = byWorkers(false, 2);
const commit = execSync('git rev-parse --short HEAD').toString().trim();

writeSection(
  'Soak',
  `## Soak

Measured by \`npm run bench:soak\` (bench/soak.ts, ${Math.round(totalMin)} min in all) at \`${commit}\` on
${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node
${process.versions.node}, ${new Date().toISOString().slice(0, 10)}; 1-minute load average ${loadAtStart.toFixed(1)}
when it started. Each row is a fresh deployment: embedded Postgres (fsync off), anvil (automine), and each worker
a \`next start\` of the build with its embedded scheduler (500 ms tick), graphile-worker queue (4 jobs at once)
and isolate sandbox. The executables are seeded in the database on 30 s interval triggers, their first slots
spread evenly over one interval; the task reads the block number once and skips, or (1 in 10, "sends") pays
1 wei from one of ${SENDING_PROFILES} funded legacy profiles. Counted: slots due inside the window (except its
last ${TAIL_MS / 1000} s); a slot is missed when no run of it started, doubled when it has two executions. Lag is
start − due (the slot's time to its run's \`startedAt\`); CPU is per started run, for the worker processes and
for the whole deployment (workers, Postgres and anvil: everything the bench started, nothing else the machine ran).

${header}
${rounds.map(row).join('\n')}

**One worker's ceiling** (no sends, ${SEARCH_SECONDS} s windows, N doubled until the p99 lag reached 1 s or a
slot was missed or doubled):

${header}
${search.map(row).join('\n')}

${
  largest
    ? `The largest N tried that one worker carried with a lag p99 under 1 s, nothing missed or doubled: **${int(largest.n)}**
executables on 30 s (${f1(largest.n / 30)} runs/s).`
    : 'No N tried met the bar.'
}${
  one
    ? ` ${int(DEFAULT_N)} executables on 30 s are ${int(DEFAULT_N / 30)} runs/s: at the ${f1(one.deploymentCpuMs)} ms of CPU a run
cost the deployment here (worker, Postgres and anvil together), that is about ${f1((DEFAULT_N / 30) * (one.deploymentCpuMs / 1000))} cores' worth of work.`
    : ''
}${
  one && two
    ? ` At ${int(N)} executables, a second worker process changed the lag p99 from ${int(one.lag.p99)} ms to
${int(two.lag.p99)} ms and the missed slots from ${int(one.missed)} to ${int(two.missed)}: on this 2-core machine both
workers, Postgres and anvil share the same two cores, so a second process adds concurrency, not CPU.`
    : ''
}
`,
);
console.log(`Soak section written (${Math.round(totalMin)} min)`);
process.exit(0);
