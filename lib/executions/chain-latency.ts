import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { idFloor } from '@/lib/ids';
import { ADHERENCE_TOLERANCE_MS, type Adherence, type Percentiles } from './latency';

// The platform's own latency, per chain and across every workspace: the figures the public status page
// publishes (lib/status/). Only counts and percentiles leave this file, never a row.

/** The window the public figures cover, back from now, by due time (`scheduled_at`). */
export const CHAIN_LATENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** One chain's figures over the window: trigger → confirmed of its confirmed runs, and schedule adherence. */
export type ChainLatency = { confirmed: Percentiles; adherence: Adherence };

/** What the aggregate query answers per chain (percentiles as Postgres' float8 array, null without runs). */
export type ChainLatencyRow = {
  chain_id: number;
  confirmed: number;
  confirmed_p: (number | string | null)[] | null;
  due: number;
  on_time: number;
};

/** A whole number of milliseconds, or null. */
const wholeMs = (v: number | string | null | undefined): number | null =>
  v === null || v === undefined ? null : Math.round(Number(v));

/** The share of due runs that started on time; null when none was due. */
export const adherenceRatio = (due: number, onTime: number): number | null =>
  due === 0 ? null : onTime / due;

/** The figures of one aggregate row (percentiles rounded to whole ms; nulls when nothing was measured). */
export function chainLatencyOf(row: ChainLatencyRow): ChainLatency {
  const count = Number(row.confirmed);
  const [p50, p95] = count === 0 || !row.confirmed_p ? [null, null] : row.confirmed_p;
  const due = Number(row.due);
  const onTime = Number(row.on_time);
  return {
    confirmed: { count, p50Ms: wholeMs(p50), p95Ms: wholeMs(p95) },
    adherence: { due, onTime, ratio: adherenceRatio(due, onTime) },
  };
}

export const emptyChainLatency = (): ChainLatency => ({
  confirmed: { count: 0, p50Ms: null, p95Ms: null },
  adherence: { due: 0, onTime: 0, ratio: null },
});

/** A time parameter (postgres-js takes strings, not Dates, in raw SQL). */
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The figures of each of `chainIds` over the last 24 hours, in one aggregate query over every workspace's
 * executions; a chain without runs gets zero counts and nulls. The definitions are the console's
 * (lib/executions/latency.ts, docs/observability.md): trigger → confirmed is `finished_at − scheduled_at` of the
 * confirmed runs (p50 / p95, `percentile_cont`); a scheduled run is due once it started or is more than 5 s
 * past its due time, and on time when it started at most 5 s after it. The time-sortable id bounds the scan to
 * the window on the primary key (an id is minted when the run is created, never before its due time).
 */
export async function chainLatency(
  db: DbOrTx,
  chainIds: readonly number[],
  now = new Date(),
): Promise<Map<number, ChainLatency>> {
  const figures = new Map(chainIds.map((id) => [id, emptyChainLatency()]));
  if (chainIds.length === 0) return figures;
  const since = new Date(now.getTime() - CHAIN_LATENCY_WINDOW_MS);
  const lateFrom = new Date(now.getTime() - ADHERENCE_TOLERANCE_MS);
  const tolerance = sql.raw(`interval '${ADHERENCE_TOLERANCE_MS} milliseconds'`);
  const confirmed = sql`status = 'confirmed' and finished_at is not null`;
  const scheduled = sql`trigger = 'schedule'`;
  const rows = await db.execute<ChainLatencyRow>(sql`
    select chain_id,
           count(*) filter (where ${confirmed})::int as confirmed,
           percentile_cont(array[0.5, 0.95]::float8[])
             within group (order by date_part('epoch', finished_at - scheduled_at) * 1000)
             filter (where ${confirmed}) as confirmed_p,
           count(*) filter (where ${scheduled} and (started_at is not null or scheduled_at <= ${at(lateFrom)}))::int
             as due,
           count(*) filter (where ${scheduled} and started_at - scheduled_at <= ${tolerance})::int as on_time
      from executions
     where id >= ${idFloor('execution', since.getTime())}
       and scheduled_at >= ${at(since)} and scheduled_at <= ${at(now)}
       and chain_id in (${sql.join(
         chainIds.map((id) => sql`${id}`),
         sql`, `,
       )})
     group by chain_id`);
  for (const row of rows) figures.set(Number(row.chain_id), chainLatencyOf(row));
  return figures;
}
