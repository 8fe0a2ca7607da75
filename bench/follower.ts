// `npx tsx bench/follower.ts`: the chain follower (lib/triggers) against a fast chain — anvil mined by the bench
// every 250 ms (4 blocks/s), each block holding one transaction whose call emits 100 logs every event
// executable matches — with the follower's per-chain pass (`followChain`: head, locked range scans, inserts of
// trigger_events, cursor, settling) ticking in-process as the app's ticker runs it, followed by the dispatch of
// ready events (`dispatchReadyEvents`), with a stand-in runner that ends each queued run at once (skipped: no
// task), so the end of a run dispatches the executable's next event as the app does. Written to the
// "Chain follower" section of docs/performance.md. BENCH_SECONDS (default 30), BENCH_LOGS (logs per block,
// default 100, at most 255), BENCH_EXECUTABLES (matching event executables per run, default `1,10`: one run each), BENCH_TICK_MS (default
// 1000, the app's TICKWORK_FOLLOWER_TICK_MS), BENCH_BLOCK_MS (default 250).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { toEventSelector } from 'viem';
import { createDb, type Db } from '@/db/client';
import { startEmbeddedPostgres } from '@/db/embedded';
import { migrateDatabase } from '@/db/migrate';
import { executables } from '@/db/schema';
import { startAnvil } from '@/lib/chains/anvil';
import { type ChainConfig, findChain } from '@/lib/chains/config';
import { finishExecution } from '@/lib/executions/finish';
import { dispatchReadyEvents } from '@/lib/follower/dispatch';
import { followChain } from '@/lib/follower/follower';
import { newId } from '@/lib/ids';
import { freePort } from '@/lib/net/free-port';
import { writeSection } from './support/performance-doc';
import { rpc } from './support/rpc';
import { type BenchWorld, seedBenchWorld } from './support/seed-world';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const LOGS = Math.min(255, Number(process.env.BENCH_LOGS ?? 100));
const EXECUTABLES = (process.env.BENCH_EXECUTABLES ?? '1,10').split(',').map(Number);
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 1000);
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 250);

const EVENT = 'Ping(uint256 i)';
const EMITTER = '0x00000000000000000000000000000000000E1717';
const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'; // anvil's first account (unlocked)

/**
 * Runtime code that emits LOGS `Ping(uint256 i)` logs (i = LOGS..1, non-indexed) and stops:
 * i = LOGS; loop: mstore(0, i); log1(0, 32, topic0); i -= 1; if i != 0 goto loop.
 */
function emitterCode(): string {
  const topic0 = toEventSelector(`event ${EVENT}`).slice(2);
  const n = LOGS.toString(16).padStart(2, '0');
  return `0x60${n}5b80600052 7f${topic0} 60206000a1 6001900380 600257 00`.replace(/ /g, '');
}

type World = BenchWorld;

/** A fresh start: `count` active executables on the emitter's Ping, no events, no cursor. */
async function resetExecutables(db: Db, w: World, count: number) {
  await db.execute(sql`delete from executions`);
  await db.execute(sql`delete from trigger_events`);
  await db.execute(sql`delete from chain_cursors`);
  await db.delete(executables);
  const topic0 = toEventSelector(`event ${EVENT}`);
  await db.insert(executables).values(
    Array.from({ length: count }, (_, i) => ({
      id: newId('executable'),
      ...w,
      name: `on-ping-${i}`,
      state: 'active' as const,
      trigger: {
        type: 'event' as const,
        chainId: 31337,
        addresses: [EMITTER],
        event: EVENT,
        topics: [topic0],
        confirmations: 0,
      },
      sandboxRef: 'isolate:bench',
    })),
  );
}

type Row = Awaited<ReturnType<typeof run>>;

/** One run: SECONDS of chain at BLOCK_MS a block, followed as the app follows it; answers its figures. */
async function run(db: Db, chain: ChainConfig, rpcUrl: string, count: number) {
  // the follower starts at the head (no history), as it does for a chain that gets its first trigger
  let cursor = (await followChain(db, chain)).cursor ?? 0;
  const startBlock = cursor;

  // The chain: one emitting transaction and a block every BLOCK_MS, for SECONDS.
  const minedAt = new Map<number, number>();
  let head = startBlock;
  const lagBlocks: number[] = [];
  const lagMs: number[] = [];
  const sample = () => {
    lagBlocks.push(head - cursor);
    lagMs.push(cursor < head ? Date.now() - (minedAt.get(cursor + 1) ?? Date.now()) : 0);
  };
  const t0 = Date.now();
  let mining = true;
  let runsWhileMining = 0;
  const miner = (async () => {
    for (let k = 1; Date.now() - t0 < SECONDS * 1000; k++) {
      await rpc(rpcUrl, 'eth_sendTransaction', [{ from: SENDER, to: EMITTER, gas: '0x200000' }]);
      await rpc(rpcUrl, 'evm_mine');
      head = startBlock + k;
      minedAt.set(head, Date.now());
      sample();
      await sleep(t0 + k * BLOCK_MS - Date.now());
    }
    runsWhileMining = Number(
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from executions`))[0]?.n ?? 0,
    );
    mining = false;
  })();

  // The stand-in runner: ends each queued run at once (skipped: no task, no transaction) as a worker would
  // after a task that took no time; finishExecution then dispatches the executable's next ready event.
  let dispatching = true;
  const runner = (async () => {
    while (dispatching) {
      const pending = await db.execute<{ id: string }>(
        sql`select id from executions where status = 'pending' limit 100`,
      );
      await Promise.all(
        pending.map((p) => finishExecution(db, p.id, { status: 'skipped', message: 'bench' })),
      );
      if (pending.length === 0) await sleep(5);
    }
  })();

  // The follower: a pass every TICK_MS, never two at once (the app's ticker skips a tick while one runs), then
  // the dispatch of ready events, as the app's tick does.
  const passMs: number[] = [];
  let busyMs = 0;
  let drainedAt = 0;
  for (let tick = 1; ; tick++) {
    const started = Date.now();
    const pass = await followChain(db, chain);
    const took = Date.now() - started;
    await dispatchReadyEvents(db);
    passMs.push(took);
    busyMs += took;
    cursor = pass.cursor ?? cursor;
    if (!mining && cursor >= head) {
      drainedAt = Date.now();
      break;
    }
    await sleep(t0 + tick * TICK_MS - Date.now());
  }
  await miner;
  dispatching = false;
  await runner;
  const realMs = (minedAt.get(head) ?? Date.now()) - t0;
  const blocks = head - startBlock;
  const countOf = async (query: ReturnType<typeof sql>) =>
    Number((await db.execute<{ n: number }>(query))[0]?.n ?? 0);
  const events = await countOf(sql`select count(*)::int as n from trigger_events`);
  const ready = await countOf(sql`select count(*)::int as n from trigger_events where status = 'ready'`);
  const runs = await countOf(sql`select count(*)::int as n from executions`);
  const dispatched = await countOf(
    sql`select count(*)::int as n from trigger_events where status = 'dispatched'`,
  );
  if (dispatched !== runs) throw new Error(`${runs} runs for ${dispatched} dispatched events`);
  const logs = blocks * LOGS;
  if (events !== logs * count) throw new Error(`expected ${logs * count} trigger events, found ${events}`);
  const sortedBlocks = [...lagBlocks].sort((a, b) => a - b);
  const sortedMs = [...lagMs].sort((a, b) => a - b);
  const sortedPass = [...passMs].sort((a, b) => a - b);
  const ratio = busyMs / realMs;
  const row = {
    executables: count,
    blocks,
    logs,
    events,
    ready,
    lagP50Blocks: pct(sortedBlocks, 50),
    lagMaxBlocks: sortedBlocks.at(-1) ?? 0,
    lagP50Ms: pct(sortedMs, 50),
    lagMaxMs: sortedMs.at(-1) ?? 0,
    passP50: pct(sortedPass, 50),
    passMax: sortedPass.at(-1) ?? 0,
    busyMs,
    realMs,
    drainMs: drainedAt - (minedAt.get(head) ?? drainedAt),
    ratio,
    runs,
    runsWhileMining,
    // runs started per second ÷ matching logs per second, over the time the chain was produced
    dispatchRatio: runsWhileMining / (logs * count),
  };
  console.log(JSON.stringify(row));
  return row;
}

const tableRow = (r: Row) =>
  `| ${r.executables} | ${fmt(r.blocks)} | ${fmt(r.logs)} | ${fmt(r.events)} (${fmt(r.ready)}) | ${r.lagP50Blocks} / ${r.lagMaxBlocks} | ${fmt(r.lagP50Ms)} / ${fmt(r.lagMaxMs)} | ${fmt(r.passP50)} / ${fmt(r.passMax)} | ${fmt(r.busyMs)} / ${fmt(r.realMs)} | **${r.ratio.toFixed(2)}** | ${fmt(r.drainMs)} ms | ${fmt(r.runsWhileMining)} (${fmt(r.runs)}) | **${r.dispatchRatio.toFixed(3)}** |`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

const dir = mkdtempSync(path.join(os.tmpdir(), 'tickwork-bench-'));
chmodSync(dir, 0o755); // embedded Postgres runs as its own user when we are root
const database = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'pg'),
  port: await freePort(),
  ephemeral: true,
});
const anvil = await startAnvil({ port: await freePort() });
process.env.TICKWORK_LOCAL_RPC_URL = anvil.rpcUrl; // the app's local chain config reads it lazily
process.env.DATABASE_URL = database.url; // the embedded job queue the dispatched runs are queued on
const loadAtStart = os.loadavg()[0];
try {
  await migrateDatabase(database.url);
  const db = createDb(database.url, 4);
  const w = await seedBenchWorld(db, 'Follower');
  const chain = findChain(31337);
  if (!chain) throw new Error('the local chain is not enabled');
  await rpc(anvil.rpcUrl, 'anvil_setCode', [EMITTER, emitterCode()]);
  await rpc(anvil.rpcUrl, 'evm_setAutomine', [false]);
  const rows = [];
  for (const count of EXECUTABLES) {
    await resetExecutables(db, w, count);
    rows.push(await run(db, chain, anvil.rpcUrl, count));
  }
  const date = new Date().toISOString().slice(0, 10);
  writeSection(
    'Chain follower',
    `## Chain follower

Measured by \`npx tsx bench/follower.ts\` (bench/follower.ts) on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}),
${date}, embedded Postgres, anvil; 1-minute load average ${loadAtStart.toFixed(1)} when it started.
The bench mines anvil itself (automine off, \`evm_mine\` every ${BLOCK_MS} ms: ${(1000 / BLOCK_MS).toFixed(0)} blocks/s), each block
holding one transaction whose call emits ${LOGS} \`${EVENT}\` logs, for ${SECONDS} s per run. In each run, N active
event executables match every log (confirmations 0): N × ${LOGS} trigger events a block. The follower's pass over the chain
(\`followChain\`: head, locked range scans with \`eth_getLogs\`, \`trigger_events\` inserts, cursor, settling to
\`ready\`) runs in-process every ${TICK_MS} ms as the app's ticker runs it, never two at once, followed by the
dispatch of ready events (\`dispatchReadyEvents\`); a stand-in runner ends each queued run at once (\`skipped\`, no
task: what is measured is Tickwork's own cost of starting runs, not a task's), and the end of a run dispatches
its executable's next ready event (\`finishExecution\` → \`dispatchAfterRun\`), as in the app. Lag is sampled at
each mined block: blocks between the head and the cursor, and how long the oldest block not scanned yet has been
mined. The busy time and ratio are the follower's passes only.

| N executables | blocks | logs | trigger_events (ready at the end) | lag p50 / max (blocks) | lag p50 / max (ms) | pass p50 / max (ms) | busy ms / real ms | ratio | drain after the last block | runs started while mining (at the end) | dispatch ratio |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.map(tableRow).join('\n')}

The ratio is the time the follower spent processing the produced range ÷ the real time it took the chain to
produce it: below 1 it keeps up (the rest of each tick it waits). The lag in blocks is mostly the tick: at 4
blocks/s and one pass a second the cursor is up to 4 blocks behind just before a pass. Every log became exactly
one \`trigger_events\` row per executable (checked), and every dispatched event one run (checked).

The dispatch ratio is the runs started while the chain was produced ÷ the N × logs it produced meanwhile (runs
per second ÷ matching logs per second). Runs of one executable run one at a time, in chain order (its storage
is per executable), so one executable's throughput is one run per (run duration + dispatch round trip) whatever
the follower keeps up with: below 1, its ready backlog grows (the Chains page shows it per chain). Events of
different executables dispatch in parallel, sharing the machine with the follower (on 2 busy cores the
dispatch slows the follower's passes too). Before the end of a run dispatched the next event, an executable got
at most one run per follower tick (1 run/s at the default tick).
`,
  );
} finally {
  await anvil.stop();
  await database.stop();
  rmSync(dir, { recursive: true, force: true });
}
