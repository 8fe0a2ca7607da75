import type { WindowResult } from './soak-measure';
import { TX_EVERY } from './soak-seed';

// The soak's rounds as Markdown rows for docs/performance.md.

export type SoakRound = WindowResult & {
  workers: number;
  /** 1 in TX_EVERY runs sends a transaction. */
  tx: boolean;
  n: number;
  seconds: number;
  /** The machine's 1-minute load average when the window opened (other work shares this machine). */
  load: number;
  /** CPU ms per run started in the window: the worker processes, and the whole machine (everything on it). */
  workerCpuMs: number;
  machineCpuMs: number;
  /** Cores the worker processes kept busy on average over the window, and the machine's busy share of all cores. */
  workerCores: number;
  machineBusy: number;
  /** Cores the worker processes kept busy with nothing due (the seconds between the seed and the window). */
  idleCores: number;
};

/** The round meets the goal: nothing missed or doubled, dispatch lag p99 under 1 s. */
export const holds = (r: SoakRound) => r.missed === 0 && r.doubled === 0 && r.lag.p99 < 1000;

const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const statuses = (r: SoakRound) =>
  Object.entries(r.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status} ${int(count)}`)
    .join(', ');

export const ROUND_HEADER = `| workers | sends | executables | window s | load | runs due | started | missed | doubled | lag p50 / p95 / p99 / max ms | claim p50 / p99 ms | pickup p50 / p99 ms | run p50 / p99 ms | worker CPU ms/run | worker cores (idle) | machine busy | machine CPU ms/run | runs by status |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|`;

export const roundRow = (r: SoakRound) =>
  `| ${r.workers} | ${r.tx ? `1 in ${TX_EVERY}` : 'none'} | ${int(r.n)} | ${r.seconds} | ${r.load.toFixed(1)} | ${int(r.due)} | ${int(r.started)} | ${int(r.missed)} | ${int(r.doubled)} | ${int(r.lag.p50)} / ${int(r.lag.p95)} / ${int(r.lag.p99)} / ${int(r.lag.max)} | ${int(r.claim.p50)} / ${int(r.claim.p99)} | ${int(r.pickup.p50)} / ${int(r.pickup.p99)} | ${int(r.run.p50)} / ${int(r.run.p99)} | ${f1(r.workerCpuMs)} | ${r.workerCores.toFixed(2)} (${r.idleCores.toFixed(2)}) | ${Math.round(r.machineBusy * 100)} % | ${f1(r.machineCpuMs)} | ${statuses(r)} |`;

/** One sentence per sending mode comparing 1 and 2 workers at the same N (empty when either is missing). */
export function scalingSentences(rounds: SoakRound[]): string {
  const lines: string[] = [];
  for (const tx of [false, true]) {
    for (const n of new Set(rounds.filter((r) => r.tx === tx).map((r) => r.n))) {
      const one = rounds.find((r) => r.tx === tx && r.n === n && r.workers === 1);
      const two = rounds.find((r) => r.tx === tx && r.n === n && r.workers === 2);
      if (!one || !two) continue;
      lines.push(
        `- ${int(n)} executables, ${tx ? `1 in ${TX_EVERY} sending` : 'no sends'}: one worker → two workers, lag p99 ${int(one.lag.p99)} → ${int(two.lag.p99)} ms, missed ${int(one.missed)} → ${int(two.missed)}, worker CPU per run ${f1(one.workerCpuMs)} → ${f1(two.workerCpuMs)} ms, machine busy ${Math.round(one.machineBusy * 100)} → ${Math.round(two.machineBusy * 100)} %.`,
      );
    }
  }
  return lines.join('\n');
}
