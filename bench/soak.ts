// `npm run bench:soak`: N active executables on 30-second interval triggers, for a window, through the real engine:
// each worker a `next start` of the build with its embedded scheduler, graphile-worker queue and isolate sandbox,
// all on one Postgres and one anvil. The task makes one chain read and skips; in the sending rounds 1 in 10
// executables pay 1 wei instead (eight funded legacy profiles). Rounds with 1 and with 2 worker processes, then a
// search for the largest N one worker carries with nothing missed or doubled and a dispatch lag p99 under 1 s.
// Written to the "Soak" section of docs/performance.md.
//
// BENCH_SOAK_EXECUTABLES   N of the rounds (default 10000; "largest": the N the search found)
// BENCH_SOAK_SECONDS       window of each round (default 600)
// BENCH_SOAK_WORKERS       worker processes of the rounds (default "1,2")
// BENCH_SOAK_TX            "off": no sending rounds (default on)
// BENCH_SOAK_SEARCH        "off": no search; else the N it starts from (default 500), doubled while the goal
//                          holds (up to BENCH_SOAK_SEARCH_MAX, default 32000), then BENCH_SOAK_SEARCH_STEPS
//                          (default 2) halvings of the gap between the last N that held and the first that did not
// BENCH_SOAK_SEARCH_SECONDS window of each search round (default 120)
// BENCH_SOAK_SEARCH_WORKERS worker processes searched for (default "1"; e.g. "1,2": the search with 2 starts from
//                          the largest N 1 carried)
// BENCH_SKIP_BUILD=1       uses the current build instead of running `next build` first
import { execSync } from 'node:child_process';
import os from 'node:os';
import { writeSection } from './support/performance-doc';
import { cpuTicks, machineTicks } from './support/soak-cpu';
import { type SoakDeployment, startSoakDeployment } from './support/soak-deployment';
import { measureWindow, runsStartedBetween, settleRuns } from './support/soak-measure';
import { holds, ROUND_HEADER, roundRow, type SoakRound, scalingSentences } from './support/soak-report';
import {
  INTERVAL_MS,
  pauseSoakExecutables,
  seedSoakExecutables,
  stopSoakSchedule,
  TX_EVERY,
} from './support/soak-seed';

const list = (value: string) => value.split(',').filter(Boolean).map(Number);
const N_SETTING = process.env.BENCH_SOAK_EXECUTABLES ?? '10000';
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const WORKERS = list(process.env.BENCH_SOAK_WORKERS ?? '1,2');
const WITH_TX = process.env.BENCH_SOAK_TX !== 'off';
const SEARCH = process.env.BENCH_SOAK_SEARCH ?? '500';
const SEARCH_MAX = Number(process.env.BENCH_SOAK_SEARCH_MAX ?? 32_000);
const SEARCH_STEPS = Number(process.env.BENCH_SOAK_SEARCH_STEPS ?? 2);
const SEARCH_SECONDS = Number(process.env.BENCH_SOAK_SEARCH_SECONDS ?? 120);
const SEARCH_WORKERS = list(process.env.BENCH_SOAK_SEARCH_WORKERS ?? '1');
/** Seeded slots start this long after the seed, so the workers are idle and warm when the window opens. */
const LEAD_MS = 10_000;
/** Slots due this close to the window's end are not counted (their run may start after the window). */
const TAIL_MS = 5_000;
const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim());

/** CPU clock ticks in ms. */
const ms = (ticks: number) => (ticks * 1000) / CLK_TCK;
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, delay)));

/** One round: `n` executables seeded, `seconds` of schedule, then its runs drained and measured. */
async function soakRound(
  d: SoakDeployment,
  n: number,
  workers: number,
  tx: boolean,
  seconds: number,
): Promise<SoakRound> {
  const apps = await d.startWorkers(workers);
  try {
    const paying = tx ? await d.paying() : null;
    const start = Date.now() + LEAD_MS;
    const seeded = await seedSoakExecutables(d.db, d.world, n, start, paying);
    const pids = apps.map((app) => app.pid);
    const [idleFrom, idleBefore] = [Date.now(), cpuTicks(pids)];
    await sleep(start - Date.now());
    const idleCores = ms(cpuTicks(pids) - idleBefore) / Math.max(1, Date.now() - idleFrom);
    const load = os.loadavg()[0];
    const [workerBefore, machineBefore] = [cpuTicks(pids), machineTicks()];
    const end = start + seconds * 1000;
    await sleep(end - Date.now());
    const [workerAfter, machineAfter] = [cpuTicks(pids), machineTicks()];
    await stopSoakSchedule(d.db, seeded);
    if (!(await settleRuns(d.db))) console.warn('runs still in flight after 90 s: measured as they are');
    const window = await measureWindow(d.db, seeded, start, end - TAIL_MS);
    const runs = Math.max(1, await runsStartedBetween(d.db, start, end));
    await pauseSoakExecutables(d.db, seeded);
    const round: SoakRound = {
      ...window,
      workers,
      tx,
      n,
      seconds,
      load,
      workerCpuMs: ms(workerAfter - workerBefore) / runs,
      machineCpuMs: ms(machineAfter - machineBefore) / runs,
      workerCores: ms(workerAfter - workerBefore) / (seconds * 1000),
      idleCores,
      machineBusy: ms(machineAfter - machineBefore) / (seconds * 1000 * os.cpus().length),
    };
    console.log(JSON.stringify(round));
    return round;
  } finally {
    await d.stopExtraWorkers();
  }
}

/** Doubles N from `from` while the goal holds, then narrows the gap to the first N that failed. */
async function searchLargest(d: SoakDeployment, workers: number, from: number): Promise<SoakRound[]> {
  const tried: SoakRound[] = [];
  const attempt = async (n: number) => {
    const round = await soakRound(d, n, workers, false, SEARCH_SECONDS);
    tried.push(round);
    return holds(round);
  };
  let held = 0;
  let failed = Number.POSITIVE_INFINITY;
  for (let n = from; n <= SEARCH_MAX; n *= 2) {
    if (!(await attempt(n))) {
      failed = n;
      break;
    }
    held = n;
  }
  for (let step = 0; step < SEARCH_STEPS && Number.isFinite(failed); step++) {
    const n = Math.round((held + failed) / 2 / 50) * 50;
    if (n <= held || n >= failed) break;
    if (await attempt(n)) held = n;
    else failed = n;
  }
  return tried;
}

const largestHeld = (rounds: SoakRound[]) => rounds.filter(holds).reduce((best, r) => Math.max(best, r.n), 0);

if (process.env.BENCH_SKIP_BUILD !== '1')
  execSync('node node_modules/next/dist/bin/next build', {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });

const benchStarted = Date.now();
const loadAtStart = os.loadavg()[0];
const deployment = await startSoakDeployment();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`${signal}: stopping the deployment`);
    void deployment.stop().finally(() => process.exit(130));
  });
const searches = new Map<number, SoakRound[]>();
const rounds: SoakRound[] = [];
try {
  if (SEARCH !== 'off')
    for (const workers of SEARCH_WORKERS) {
      // more workers start where fewer left off
      const from = Math.max(Number(SEARCH), ...[...searches.values()].map(largestHeld));
      searches.set(workers, await searchLargest(deployment, workers, from));
    }
  const n = N_SETTING === 'largest' ? largestHeld(searches.get(1) ?? []) : Number(N_SETTING);
  if (!(n > 0)) throw new Error(`no N to run the rounds with (BENCH_SOAK_EXECUTABLES=${N_SETTING})`);
  for (const tx of WITH_TX ? [false, true] : [false])
    for (const workers of WORKERS) rounds.push(await soakRound(deployment, n, workers, tx, SECONDS));
} finally {
  await deployment.stop();
}
const minutes = Math.round((Date.now() - benchStarted) / 60_000);

const commit = execSync('git rev-parse --short HEAD').toString().trim();
const cpu = os.cpus()[0]?.model.trim() ?? 'unknown cpu';
const searchParts = [...searches].map(([workers, tried]) => {
  const largest = largestHeld(tried);
  const who = workers === 1 ? 'one worker' : `${workers} workers`;
  const found =
    largest > 0
      ? `**${largest.toLocaleString('en-US')}** executables on 30 s (${(largest / (INTERVAL_MS / 1000)).toFixed(0)} runs/s)`
      : 'none of the N tried';
  return `**The largest N ${who} carried** with nothing missed or doubled and a lag p99 under 1 s: ${found}. No sends,
${SEARCH_SECONDS} s windows; N doubled from ${tried[0]?.n.toLocaleString('en-US')} while the goal held, then the gap to the first N that missed it
halved up to ${SEARCH_STEPS} times.

${ROUND_HEADER}
${tried.map(roundRow).join('\n')}`;
});
const largestByWorkers = [...searches].map(([workers, tried]) => ({ workers, n: largestHeld(tried) }));
const [fewest, most] = [largestByWorkers[0], largestByWorkers.at(-1)];
if (fewest && most && most !== fewest && fewest.n > 0)
  searchParts.push(
    `Largest N with ${most.workers} workers over ${fewest.workers}: ×${(most.n / fewest.n).toFixed(2)}.`,
  );
const roundsPart = rounds.length
  ? `${ROUND_HEADER}\n${rounds.map(roundRow).join('\n')}\n\nOne worker against two at the same N:\n${scalingSentences(rounds) || '- (not both measured)'}`
  : '';

writeSection(
  'Soak',
  `## Soak

Measured by \`npm run bench:soak\` (bench/soak.ts, ${minutes} min in all) at \`${commit}\`, ${new Date().toISOString().slice(0, 10)},
on ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}. The machine
was shared with other work: 1-minute load average ${loadAtStart.toFixed(1)} when the bench started (per round in
the table). Settings: BENCH_SOAK_EXECUTABLES=${N_SETTING}, BENCH_SOAK_SECONDS=${SECONDS},
BENCH_SOAK_WORKERS=${WORKERS.join(',')}, BENCH_SOAK_TX=${WITH_TX ? 'on' : 'off'}, BENCH_SOAK_SEARCH=${SEARCH},
BENCH_SOAK_SEARCH_SECONDS=${SEARCH_SECONDS}, BENCH_SOAK_SEARCH_WORKERS=${SEARCH_WORKERS.join(',')}.

One deployment for every round: embedded Postgres (fsync off), anvil (automine), and each worker a \`next start\`
of the build with its embedded scheduler (a tick every 500 ms, \`TICKWORK_SCHEDULER_TICK_MS\`), graphile-worker
queue (4 jobs at once per process) and isolate sandbox. The first worker stays up across rounds; a second one is
started for its rounds. A round seeds N executables in the database on 30 s interval triggers, their first slots
spread evenly over one interval from 10 s after the seed; the task reads the block number once and skips, or
(1 in ${TX_EVERY}, "sends") pays 1 wei from one of 8 funded legacy profiles. After the window no slot comes due
again, the runs in flight finish, and the executions are read from the database. Every slot due in the window
(but its last ${TAIL_MS / 1000} s) is **missed** when no run of it started within one interval, **doubled** when it
has more than one execution. **Lag** is \`started_at − scheduled_at\`, the slot's due time to its run starting in
a worker, in two parts: **claim** (due → the execution row, inserted by a scheduler tick's claim) and **pickup**
(that → the run's start: the rest of the claim, the queue, a free job slot); **run** is
\`finished_at − started_at\`. CPU is utime + stime from /proc over the window, of the worker processes and of the
whole machine (other work included), per run started in the window; "worker cores" is the workers' CPU time over
the window's length, "(idle)" the same with nothing due (the seconds between the seed and the window).

${[roundsPart, ...searchParts].filter(Boolean).join('\n\n')}
`,
);
console.log(`Soak section written (${minutes} min)`);
process.exit(0);
