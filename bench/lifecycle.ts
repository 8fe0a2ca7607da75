// `npm run bench:lifecycle`: a run's transaction from the trigger to its confirmation on a chain that mines like a
// real one (anvil, automine off, a block every 2 s), with the runs spread over four profiles and in a burst on one
// (one transaction in flight per account: they take turns), and what a fee spike within the cap costs (blocks
// until the watcher's replacement is mined). Written to the "Transaction lifecycle" section of
// docs/performance.md. BENCH_ROUNDS (rounds of one run per spread profile, default 10), BENCH_BURST (executables
// fired together on one profile, default 8), BENCH_BURSTS (default 5), BENCH_SPIKES (default 5).
import { existsSync } from 'node:fs';
import os from 'node:os';
import { type Hex, parseGwei, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createDb, type Db } from '@/db/client';
import { isFinalExecutionStatus } from '@/db/enums';
import { createApiKey } from '@/lib/auth/api-keys';
import { feePolicyOf } from '@/lib/chains/fee-policy';
import { SLOT_POLL_MS, slotWaitMs } from '@/lib/chains/submitters/sender-slot';
import { createProject } from '@/lib/projects/service';
import { ensureUserByAddress } from '@/lib/users/service';
import { createWorkspace } from '@/lib/workspaces/service';
import { startFaultStack } from '../test/support/fault-stack';
import { type Api, activeProfile, appApi, until, uploadPayingTask } from './support/app-world';
import { writeSection } from './support/performance-doc';
import { rpc } from './support/rpc';

const BLOCK_S = 2;
const REPLACEMENT_S = 6;
const WATCHER_TICK_MS = 1_000;
const SPREAD_PROFILES = 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const BURST = Number(process.env.BENCH_BURST ?? 8);
const BURSTS = Number(process.env.BENCH_BURSTS ?? 5);
const SPIKES = Number(process.env.BENCH_SPIKES ?? 5);
/** The spiked executable's max fee per gas (set through its gas facet). */
const CAP = parseGwei('500');
/** The spike: this many times the first transaction's max fee, in every block until the run ends. */
const SPIKE_FACTOR = 3n;
const HEAD_POLL_MS = 20;

const RECIPIENT = privateKeyToAccount(generatePrivateKey()).address;
/** Pays 1 wei to `args.to`; its log line marks the end of the task on the host's clock. */
const PAY_TASK = `export default { __tickworkTask: 1, run: async (ctx) => {
  console.log('planned');
  return { canExec: true, message: 'paying', calls: [{ to: ctx.args.to, data: '0x', value: BigInt(1) }] };
} };\n`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Blocks on either side whose sightings place a block on anvil's interval grid. */
const GRID_WINDOW = 15;

/**
 * The chain's head, polled every HEAD_POLL_MS: when each block was first seen (the bench's clock, which is the
 * app's and Postgres's too). On a loaded machine a poll can come late, so `minedAt` places a block on the
 * interval miner's fixed grid: the earliest sighting of the blocks around it, each moved by whole block times.
 */
function watchHead(rpcUrl: string, blockMs: number) {
  const seenAt = new Map<number, number>();
  let head = -1;
  let running = true;
  const loop = (async () => {
    while (running) {
      const n = await rpc<Hex>(rpcUrl, 'eth_blockNumber').then(
        (hex) => Number(BigInt(hex)),
        () => head, // the chain is going away (the bench failed): nothing new
      );
      const now = Date.now();
      for (let b = head + 1; b <= n; b++) if (head >= 0) seenAt.set(b, now);
      head = Math.max(head, n);
      await sleep(HEAD_POLL_MS);
    }
  })();
  const minedAt = (block: number) => {
    let earliest = Number.NaN;
    for (let b = block - GRID_WINDOW; b <= block + GRID_WINDOW; b++) {
      const seen = seenAt.get(b);
      if (seen !== undefined && !(seen - (b - block) * blockMs >= earliest))
        earliest = seen - (b - block) * blockMs;
    }
    return earliest;
  };
  return {
    minedAt,
    /** How late the poll saw each block after its place on the grid (ms). */
    lags: () => [...seenAt].map(([block, seen]) => seen - minedAt(block)),
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
type HeadWatch = ReturnType<typeof watchHead>;

type World = { api: Api; db: Db; anvil: string; projectId: string; functionId: string };

/** An active executable paying the recipient from `profileId`; hourly, so only the bench's manual runs happen. */
async function activeExecutable(w: World, profileId: string, name: string): Promise<string> {
  const created = await w.api('/api/v1/executables', 'POST', {
    projectId: w.projectId,
    functionId: w.functionId,
    profileId,
    name,
    trigger: { type: 'interval', intervalMs: 3_600_000 },
    args: JSON.stringify({ to: RECIPIENT }),
  });
  await until(`executable ${name} active`, async () =>
    (await w.api(`/api/v1/executables/${created.id}`)).state === 'active' ? true : null,
  );
  return created.id;
}

/** The run as recorded, with the times of its steps (ms since the epoch). */
type RunRecord = {
  id: string;
  status: string;
  error: string | null;
  nonce: number | null;
  blockNumber: number | null;
  createdAt: number;
  startedAt: number;
  plannedAt: number;
  signingAt: number;
  sentAt: number;
  finishedAt: number;
};

/** A timestamp as the raw client answers it (text), in ms since the epoch. */
const ms = (at: string | null) => (at === null ? Number.NaN : new Date(at).getTime());

async function records(db: Db, ids: string[]): Promise<RunRecord[]> {
  const rows = await db.$sql<
    {
      id: string;
      status: string;
      error: { code: string } | null;
      nonce: string | null;
      block_number: string | null;
      created_at: string;
      started_at: string | null;
      planned_at: string | null;
      signing_at: string | null;
      sent_at: string | null;
      finished_at: string | null;
    }[]
  >`select e.id, e.status, e.error, e.nonce, e.block_number, e.created_at, e.started_at, e.finished_at,
           (select min(l.at) from execution_logs l where l.execution_id = e.id and l.message = 'planned') as planned_at,
           b.created_at as signing_at, b.sent_at
      from executions e
      left join transaction_broadcasts b on b.execution_id = e.id and b.kind = 'original'
     where e.id in ${db.$sql(ids)}`;
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    error: r.error?.code ?? null,
    nonce: r.nonce === null ? null : Number(r.nonce),
    blockNumber: r.block_number === null ? null : Number(r.block_number),
    createdAt: ms(r.created_at),
    startedAt: ms(r.started_at),
    plannedAt: ms(r.planned_at),
    signingAt: ms(r.signing_at),
    sentAt: ms(r.sent_at),
    finishedAt: ms(r.finished_at),
  }));
}

const allFinal = (db: Db, ids: string[]) =>
  until(`${ids.length} runs final`, async () => {
    const rows = await db.$sql<
      { status: string }[]
    >`select status from executions where id in ${db.$sql(ids)}`;
    return rows.every((r) => isFinalExecutionStatus(r.status)) ? true : null;
  });

/** One confirmed run's figures: blocks after the trigger's head, and where its time went. */
type Measured = {
  blocks: number;
  totalMs: number;
  pickup: number;
  task: number;
  simulate: number;
  send: number;
  toBlock: number;
  confirm: number;
};

function measure(r: RunRecord, headAtTrigger: number, watch: HeadWatch): Measured {
  const minedAt = watch.minedAt(r.blockNumber ?? Number.NaN);
  return {
    blocks: (r.blockNumber ?? Number.NaN) - headAtTrigger,
    totalMs: r.finishedAt - r.createdAt,
    pickup: r.startedAt - r.createdAt,
    task: r.plannedAt - r.startedAt,
    simulate: r.signingAt - r.plannedAt,
    send: r.sentAt - r.signingAt,
    toBlock: minedAt - r.sentAt,
    confirm: r.finishedAt - minedAt,
  };
}

type Round = { head: number; runs: RunRecord[] };
type Shape = {
  runs: Measured[];
  failed: string[];
  byTurn: Measured[][];
  /** Runs that got a later nonce than a run of their round the worker picked up after them. */
  overtaken: number;
};

/**
 * `rounds` rounds, each firing every executable of `exes` at once (manual runs) a random 0–2 s after the previous
 * round ended (so triggers fall anywhere in a block), the head read just before. The first round warms up.
 */
async function fireRounds(w: World, exes: string[], rounds: number): Promise<Round[]> {
  const fired: Round[] = [];
  for (let round = 0; round <= rounds; round++) {
    await sleep(Math.random() * BLOCK_S * 1000);
    const head = Number(BigInt(await rpc<Hex>(w.anvil, 'eth_blockNumber')));
    const ids = await Promise.all(
      exes.map(async (exe) => (await w.api(`/api/v1/executables/${exe}/run`, 'POST')).id as string),
    );
    await allFinal(w.db, ids);
    if (round === 0) continue;
    const runs = await records(w.db, ids);
    fired.push({ head, runs });
    console.log(
      `round ${round}: ${runs.map((r) => `${r.status} ${(r.blockNumber ?? 0) - head}`).join(', ')}`,
    );
  }
  return fired;
}

/** The confirmed runs' figures, and each round's runs by turn (their order of nonce). */
function shapeOf(rounds: Round[], watch: HeadWatch): Shape {
  const shape: Shape = { runs: [], failed: [], byTurn: [], overtaken: 0 };
  for (const { head, runs } of rounds) {
    for (const r of runs) if (r.status !== 'confirmed') shape.failed.push(r.error ?? r.status);
    const confirmed = runs
      .filter((r) => r.status === 'confirmed')
      .sort((a, b) => (a.nonce ?? 0) - (b.nonce ?? 0));
    shape.overtaken += confirmed.filter((r, turn) =>
      confirmed.slice(0, turn).some((earlier) => earlier.startedAt > r.startedAt),
    ).length;
    const measured = confirmed.map((r) => measure(r, head, watch));
    shape.runs.push(...measured);
    measured.forEach((m, turn) => {
      shape.byTurn[turn] = [...(shape.byTurn[turn] ?? []), m];
    });
  }
  return shape;
}

type Spike = {
  blocks: number;
  replacements: number;
  minedKind: string;
  status: string;
  toReplacementMs: number;
  toEndMs: number;
};

/**
 * One run sent with the chain still (automine off, nothing mined), then blocks mined by the bench every 2 s, each
 * with a base fee SPIKE_FACTOR × the first transaction's max fee, until the run ends. Blocks waited: the mined
 * block minus the head when the first transaction was sent.
 */
async function spikeOnce(w: World, exe: string): Promise<Spike> {
  const { id } = await w.api(`/api/v1/executables/${exe}/run`, 'POST');
  const first = await until('the first transaction sent', async () => {
    const [row] = await w.db.$sql<{ max_fee_per_gas: string; sent_at: string | null }[]>`
      select max_fee_per_gas, sent_at from transaction_broadcasts where execution_id = ${id} and kind = 'original'`;
    return row?.sent_at ? { maxFeePerGas: BigInt(row.max_fee_per_gas), sentAt: ms(row.sent_at) } : null;
  });
  const head = Number(BigInt(await rpc<Hex>(w.anvil, 'eth_blockNumber')));
  const spike = first.maxFeePerGas * SPIKE_FACTOR;
  const t0 = Date.now();
  for (let k = 1; ; k++) {
    await sleep(t0 + k * BLOCK_S * 1000 - Date.now());
    const [run] = await w.db.$sql<{ status: string }[]>`select status from executions where id = ${id}`;
    if (isFinalExecutionStatus(run.status)) break;
    if (k > 60) throw new Error(`the spiked run ${id} did not end in 60 blocks`);
    await rpc(w.anvil, 'anvil_setNextBlockBaseFeePerGas', [toHex(spike)]);
    await rpc(w.anvil, 'evm_mine');
  }
  const rows = await w.db.$sql<
    { kind: string; sent_at: string | null; mined_block: string | null }[]
  >`select kind, sent_at, mined_block from transaction_broadcasts where execution_id = ${id} order by id`;
  const [run] = await records(w.db, [id]);
  const mined = rows.find((r) => r.mined_block !== null);
  const replacement = rows.find((r) => r.kind === 'replacement');
  return {
    blocks: (run.blockNumber ?? Number.NaN) - head,
    replacements: rows.filter((r) => r.kind === 'replacement').length,
    minedKind: mined?.kind ?? 'none',
    status: run.status,
    toReplacementMs: ms(replacement?.sent_at ?? null) - first.sentAt,
    toEndMs: run.finishedAt - first.sentAt,
  };
}

/** Nearest-rank percentile. */
function pct(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
const med = (xs: number[]) => pct(xs, 0.5);
const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');

if (!existsSync('.next/BUILD_ID')) throw new Error('build the app first: npx next build');
const benchStarted = performance.now();
const loadAtStart = os.loadavg()[0];
/** The local chain's entry: a block time and the re-pricing interval (3 blocks). */
const CHAIN = {
  health: { blockTimeSeconds: BLOCK_S },
  fees: { replacementIntervalSeconds: REPLACEMENT_S },
};
const stack = await startFaultStack({
  chain: CHAIN,
  env: {
    LOG_LEVEL: 'warn',
    TICKWORK_RATE_LIMIT_PER_MINUTE: '100000000',
    // the deployment default (test stacks look every 250 ms)
    TICKWORK_WATCHER_TICK_MS: String(WATCHER_TICK_MS),
  },
});
let spread: Shape;
let burst: Shape;
const spikes: Spike[] = [];
let headLags: number[] = [];
const db = createDb(stack.databaseUrl, 4);
let watch: HeadWatch | undefined;
try {
  const user = await ensureUserByAddress(db, privateKeyToAccount(generatePrivateKey()).address);
  const workspace = await createWorkspace(db, { name: 'Bench', plan: 'pro', ownerUserId: user.id });
  const project = await createProject(db, workspace.id, { name: 'Lifecycle', slug: 'lifecycle' });
  const key = await createApiKey(db, { userId: user.id, workspaceId: workspace.id, name: 'bench' });
  const baseUrl = stack.app().baseUrl;
  const api = appApi(baseUrl, key.token);
  const functionId = await uploadPayingTask(
    baseUrl,
    key.token,
    { workspaceId: workspace.id, projectId: project.id },
    { name: 'pay', source: PAY_TASK, recipient: RECIPIENT },
  );
  const w: World = { api, db, anvil: stack.anvilUrl, projectId: project.id, functionId };

  // Everything is provisioned while anvil mines at once; then it mines every BLOCK_S.
  const spreadExes: string[] = [];
  for (let i = 0; i < SPREAD_PROFILES; i++)
    spreadExes.push(
      await activeExecutable(
        w,
        await activeProfile(w.api, w.anvil, w.projectId, `spread-${i}`),
        `spread-${i}`,
      ),
    );
  const burstProfile = await activeProfile(w.api, w.anvil, w.projectId, 'burst');
  const burstExes: string[] = [];
  for (let i = 0; i < BURST; i++) burstExes.push(await activeExecutable(w, burstProfile, `burst-${i}`));
  const spikeExe = await activeExecutable(
    w,
    await activeProfile(w.api, w.anvil, w.projectId, 'spike'),
    'spike',
  );
  await api(`/api/v1/executables/${spikeExe}/gas-mode`, 'PATCH', {
    gasMode: 'self',
    maxFeePerGas: CAP.toString(),
  });

  watch = watchHead(stack.anvilUrl, BLOCK_S * 1000);
  await rpc(w.anvil, 'evm_setAutomine', [false]);
  await rpc(w.anvil, 'evm_setIntervalMining', [BLOCK_S]);
  await sleep(2 * BLOCK_S * 1000);
  const spreadRounds = await fireRounds(w, spreadExes, ROUNDS);
  const burstRounds = await fireRounds(w, burstExes, BURSTS);
  await sleep(2 * BLOCK_S * 1000); // blocks after the last ones measured, for the grid
  await watch.stop();
  spread = shapeOf(spreadRounds, watch);
  burst = shapeOf(burstRounds, watch);
  headLags = watch.lags();

  // The spikes: the bench mines (interval mining off leaves automine off), each block at the spiked base fee.
  await rpc(w.anvil, 'evm_setIntervalMining', [0]);
  const latest = await rpc<{ baseFeePerGas: Hex }>(w.anvil, 'eth_getBlockByNumber', ['latest', false]);
  const calm = BigInt(latest.baseFeePerGas);
  for (let i = 0; i < SPIKES; i++) {
    spikes.push(await spikeOnce(w, spikeExe));
    console.log('spike', spikes.at(-1));
    await rpc(w.anvil, 'anvil_setNextBlockBaseFeePerGas', [toHex(calm)]);
    await rpc(w.anvil, 'evm_mine');
  }
  await rpc(w.anvil, 'evm_setAutomine', [true]);
} finally {
  await watch?.stop();
  await db.$sql.end();
  await stack.stop();
}
const totalS = (performance.now() - benchStarted) / 1000;

const blockMs = BLOCK_S * 1000;
const policy = feePolicyOf({
  chainId: 31337,
  name: 'Anvil',
  network: 'anvil',
  rpcUrl: stack.anvilUrl,
  testnet: true,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  explorerUrl: null,
  ...CHAIN,
});
const p50Of = (runs: Measured[], pick: (m: Measured) => number) => med(runs.map(pick));
const shapeRow = (name: string, s: Shape) => {
  const ms = s.runs.map((m) => m.totalMs);
  const blocks = s.runs.map((m) => m.blocks);
  return `| ${name} | ${s.runs.length} | ${s.failed.length} | ${int(med(ms))} | ${int(pct(ms, 0.95))} | ${f2(med(ms) / blockMs)} | ${med(blocks)} | ${pct(blocks, 0.95)} | ${Math.max(...blocks)} |`;
};
const STEPS: [keyof Measured, string][] = [
  ['pickup', 'queue pickup (created → started)'],
  ['task', 'the task (started → its last log line)'],
  ['simulate', 'checks, simulation, bid; in the burst also the wait for the account (→ signing began)'],
  ['send', 'sign, record, broadcast (→ sent)'],
  ['toBlock', 'the chain: waiting for the next block (sent → mined)'],
  ['confirm', 'receipt seen, the run ended (mined → finished)'],
];
const stepRow = ([step, what]: [keyof Measured, string]) =>
  `| ${what} | ${int(p50Of(spread.runs, (m) => m[step]))} | ${int(p50Of(burst.runs, (m) => m[step]))} |`;
const ownMs = (m: Measured) => m.totalMs - m.toBlock;
const beforeSendMs = (m: Measured) => m.pickup + m.task + m.simulate + m.send;
const turnRow = (runs: Measured[], i: number) =>
  `| ${i + 1} | ${runs.length} | ${f1(p50Of(runs, (m) => m.blocks))} | ${int(p50Of(runs, (m) => m.totalMs))} | ${int(p50Of(runs, beforeSendMs))} | ${int(p50Of(runs, (m) => m.pickup))} | ${int(p50Of(runs, (m) => m.simulate))} |`;
const failures = (s: Shape) => (s.failed.length === 0 ? 'none' : s.failed.join(', '));
const spreadTimes = med(spread.runs.map((m) => m.totalMs)) / blockMs;
const spreadBlocks = med(spread.runs.map((m) => m.blocks));
const burstBlocks = med(burst.runs.map((m) => m.blocks));
const lastTurn = burst.byTurn.at(-1) ?? [];
const spikeRow = (what: string, pick: (s: Spike) => number, fmt: (x: number) => string) => {
  const xs = spikes.map(pick);
  return `| ${what} | ${fmt(med(xs))} | ${fmt(Math.min(...xs))} | ${fmt(Math.max(...xs))} |`;
};
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

const section = `## Transaction lifecycle

Measured by \`npm run bench:lifecycle\` (bench/lifecycle.ts, ${Math.round(totalS)} s in all) on ${os.cpus().length} cores
(${os.cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString().slice(0, 10)}; 1-minute load average ${loadAtStart.toFixed(1)} when it started.
The built app (\`next start\`, its embedded worker running 4 jobs at once) on embedded Postgres (fsync off) and
anvil (\`startFaultStack\`), the local chain's entry in \`TICKWORK_CHAINS\` with \`health.blockTimeSeconds: ${BLOCK_S}\` and
\`fees.replacementIntervalSeconds: ${REPLACEMENT_S}\` (the watcher looks at a run every ${policy.lookIntervalMs / 1000} s and re-prices a transaction unmined for
${policy.replacementIntervalMs / 1000} s), the watcher ticking every ${WATCHER_TICK_MS / 1000} s (the default). The profiles (legacy, provisioned over the API), the release
(a task that pays 1 wei) and the executables are made while anvil mines at once; then it mines like a chain:
automine off, \`evm_setIntervalMining(${BLOCK_S})\`. Manual runs (\`POST /api/v1/executables/{id}/run\`); each round fires
a random 0–${BLOCK_S} s after the previous one ended, after one warm-up round. Trigger → confirmed is the execution's
\`finishedAt − createdAt\` (\`createdAt\`: the POST); blocks is the mined block minus the head read just before the POST.

| shape | runs | not confirmed | trigger → confirmed p50 ms | p95 ms | p50 in block times | blocks p50 | blocks p95 | blocks max |
|---|---|---|---|---|---|---|---|---|
${shapeRow(`spread: ${SPREAD_PROFILES} profiles, one executable each, fired together (${ROUNDS} rounds)`, spread)}
${shapeRow(`burst: ${BURST} executables on 1 profile, fired together (${BURSTS} bursts)`, burst)}

Not confirmed: spread ${failures(spread)}; burst ${failures(burst)}.

Where the time goes (p50 of each step). From the record: \`createdAt\`, \`startedAt\`, the task's log line, the
original broadcast's \`createdAt\` (its signing transaction began) and \`sentAt\`, \`finishedAt\`. When a block was mined:
the bench polls the head every ${HEAD_POLL_MS} ms and places each block on the interval miner's 2 s grid by the earliest
sightings around it (the polls saw blocks p50 ${int(med(headLags))} ms, max ${int(Math.max(...headLags))} ms after that).

| step | spread p50 ms | burst p50 ms |
|---|---|---|
${STEPS.map(stepRow).join('\n')}
| Tickwork's own (all but the chain's wait) | ${int(p50Of(spread.runs, ownMs))} | ${int(p50Of(burst.runs, ownMs))} |

The burst by turn (a burst's runs in the order of their nonces):

| turn | runs | blocks p50 | trigger → confirmed p50 ms | trigger → sent p50 ms | of it queue pickup p50 ms | of it checks + wait for the account p50 ms |
|---|---|---|---|---|---|---|
${burst.byTurn.map(turnRow).join('\n')}

A fee spike within the cap (${SPIKES} times; one executable on a profile of its own, its cap ${CAP / 10n ** 9n} gwei through the gas facet):
its run's first transaction is sent while nothing is mined, then the bench mines a block every ${BLOCK_S} s itself (interval
mining off, \`evm_mine\`), each at ${SPIKE_FACTOR}× that transaction's max fee (\`anvil_setNextBlockBaseFeePerGas\`), until the run
ends. Blocks waited: the mined block minus the head when the first transaction was sent.

| measured | p50 | min | max |
|---|---|---|---|
${spikeRow('blocks waited', (x) => x.blocks, String)}
${spikeRow('replacements', (x) => x.replacements, String)}
${spikeRow('first sent → replacement sent, ms', (x) => x.toReplacementMs, int)}
${spikeRow('first sent → run ended, ms', (x) => x.toEndMs, int)}

Endings: ${spikes.map((x) => `${x.status} (${x.minedKind} mined)`).join(', ')}.

Goal (issue 24: p50 ≤ 1.5 blocks after the trigger):
- spread over profiles: ${verdict(spreadTimes <= 1.5 && spreadBlocks <= 1.5)} (${f2(spreadTimes)} block times to confirmed, ${spreadBlocks} block${spreadBlocks === 1 ? '' : 's'} to inclusion)
- a burst of ${BURST} on one profile: ${verdict(med(burst.runs.map((m) => m.totalMs)) / blockMs <= 1.5 && burstBlocks <= 1.5)} (${burstBlocks} blocks to inclusion; its last turn ${f1(p50Of(lastTurn, (m) => m.blocks))})

Reading it: spread over profiles, a run is mined in the first block after its trigger unless its work before the
broadcast (p50 ${int(p50Of(spread.runs, beforeSendMs))} ms: the queue, the task, the checks and simulation, signing) crosses the block's boundary;
most of trigger → confirmed is the chain's wait for its next block (on average half a block time). The watcher
plays no part there: the confirm step polls the first transaction's receipt every 250 ms for up to one re-pricing
interval, and the watcher's look (every ${policy.lookIntervalMs / 1000} s) only counts for a transaction still unmined after that. On one
profile the runs take turns (one transaction in flight per account): each turn is mined a block after the one
before it, so p95 grows by one block time per run of the burst. The turns are not taken in order of
arrival: a run waiting for the account looks every ${SLOT_POLL_MS / 1000} s, and a run the worker picks up when another ends
(the worker runs 4 at once) can take the account first: ${burst.overtaken} of ${burst.runs.length} burst runs got a later nonce than a run picked
up after them; the longest wait for the account of a confirmed run was ${int(Math.max(...burst.runs.map((m) => m.simulate)))} ms, against the ${slotWaitMs(policy) / 1000} s
after which a run gives up \`nonce_blocked\` (two re-pricing intervals), and ${burst.failed.filter((code) => code === 'nonce_blocked').length} of ${BURST * BURSTS} burst runs ended
so, while the account had a transaction mined every block. Executables that must land in the same block, or
many at once, need profiles of their own. In a spike the replacement goes out after the re-pricing interval
(${policy.replacementIntervalMs / 1000} s, ${policy.replacementIntervalMs / blockMs} blocks) plus up to one look (every ${policy.lookIntervalMs / 1000} s, on a ${WATCHER_TICK_MS / 1000} s tick) and is mined in the next block; the
run ends at the watcher's next look, the confirm step having stopped waiting after one interval.
`;
writeSection('Transaction lifecycle', section);
console.log(section);
