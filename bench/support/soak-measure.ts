import type { Db } from '@/db/client';
import { INTERVAL_MS, type SeededExecutable } from './soak-seed';

// What a soak round's window did, read from the executions table once its runs have ended: every slot due in the
// window against the scheduled executions of that slot (`scheduled_at` is the slot's time, `started_at` when its
// run began in a worker, `finished_at` when it ended).

export type Percentiles = { p50: number; p95: number; p99: number; max: number };

/** Nearest-rank percentiles (NaN when there is nothing to rank). */
export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
}

export type WindowResult = {
  /** Slots due in the counted window. */
  due: number;
  /** Of those, slots whose run started within one interval of the slot. */
  started: number;
  /** Due slots with no run started within one interval (never claimed, skipped behind a run still going, or late). */
  missed: number;
  /** Slots with more than one execution. */
  doubled: number;
  /** start − due of every started run, ms. */
  lag: Percentiles;
  /** The lag's two parts: due → the execution row inserted by a scheduler's claim, and that → the run's start. */
  claim: Percentiles;
  pickup: Percentiles;
  /** finished − started of every finished run, ms. */
  run: Percentiles;
  /** Runs by final status (skipped, confirmed, failed, …). */
  statuses: Record<string, number>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits until no execution is in flight (at most `timeoutMs`); answers whether it got there. */
export async function settleRuns(db: Db, timeoutMs = 90_000): Promise<boolean> {
  const giveUpAt = Date.now() + timeoutMs;
  while (Date.now() < giveUpAt) {
    const [{ open }] = await db.$sql<{ open: number }[]>`
      select count(*)::int as open from executions
       where status in ('pending', 'running', 'simulating', 'submitted')`;
    if (open === 0) return true;
    await sleep(500);
  }
  return false;
}

/** The slots of `seeded` due in [from, until) and what became of each. */
export async function measureWindow(
  db: Db,
  seeded: SeededExecutable[],
  from: number,
  until: number,
): Promise<WindowResult> {
  const slots = new Set<string>();
  for (const e of seeded)
    for (let due = e.firstDue; due < until; due += INTERVAL_MS) if (due >= from) slots.add(`${e.id}@${due}`);
  const rows = await db.$sql<
    {
      executableId: string;
      due: string;
      claimMs: number;
      lagMs: number | null;
      runMs: number | null;
      status: string;
    }[]
  >`
    select executable_id as "executableId",
           (extract(epoch from scheduled_at) * 1000)::bigint::text as due,
           (extract(epoch from created_at - scheduled_at) * 1000)::float8 as "claimMs",
           (extract(epoch from started_at - scheduled_at) * 1000)::float8 as "lagMs",
           (extract(epoch from finished_at - started_at) * 1000)::float8 as "runMs",
           status
      from executions
     where trigger = 'schedule'
       and scheduled_at >= ${new Date(from).toISOString()}::timestamptz
       and scheduled_at < ${new Date(until).toISOString()}::timestamptz`;
  const copies = new Map<string, number>();
  const startedSlots = new Set<string>();
  const lags: number[] = [];
  const claims: number[] = [];
  const pickups: number[] = [];
  const runs: number[] = [];
  const statuses: Record<string, number> = {};
  for (const row of rows) {
    const slot = `${row.executableId}@${row.due}`;
    if (!slots.has(slot)) continue;
    copies.set(slot, (copies.get(slot) ?? 0) + 1);
    statuses[row.status] = (statuses[row.status] ?? 0) + 1;
    claims.push(row.claimMs);
    if (row.lagMs === null) continue;
    lags.push(row.lagMs);
    pickups.push(row.lagMs - row.claimMs);
    if (row.lagMs < INTERVAL_MS) startedSlots.add(slot);
    if (row.runMs !== null) runs.push(row.runMs);
  }
  return {
    due: slots.size,
    started: startedSlots.size,
    missed: slots.size - startedSlots.size,
    doubled: [...copies.values()].filter((c) => c > 1).length,
    lag: percentiles(lags),
    claim: percentiles(claims),
    pickup: percentiles(pickups),
    run: percentiles(runs),
    statuses,
  };
}

/** Runs (of any executable) that started in [from, until): what the CPU read over that span paid for. */
export async function runsStartedBetween(db: Db, from: number, until: number): Promise<number> {
  const [{ runs }] = await db.$sql<{ runs: number }[]>`
    select count(*)::int as runs from executions
     where started_at >= ${new Date(from).toISOString()}::timestamptz
       and started_at < ${new Date(until).toISOString()}::timestamptz`;
  return runs;
}
