import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { executions } from '@/db/schema';
import { idFloor } from '@/lib/ids';

const HOUR_MS = 60 * 60 * 1000;

/** The windows the console shows, newest runs back from now, by due time (`scheduled_at`). */
const LATENCY_WINDOWS = { '24h': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS } as const;
export type LatencyWindow = keyof typeof LATENCY_WINDOWS;
const WINDOWS = Object.keys(LATENCY_WINDOWS) as LatencyWindow[];
const WIDEST_MS = Math.max(...Object.values(LATENCY_WINDOWS));

/** A scheduled run is on time when it started at most this long after it was due. */
export const ADHERENCE_TOLERANCE_MS = 5_000;

/** Percentiles of one span (ms) and how many runs they were taken over; null percentiles when none. */
export type Percentiles = { count: number; p50Ms: number | null; p95Ms: number | null };

/** Scheduled runs that were due in the window, how many started on time, and their share (null when none). */
export type Adherence = { due: number; onTime: number; ratio: number | null };

export type LatencyFigures = {
  /** trigger → confirmed: finished_at − scheduled_at of confirmed runs. */
  confirmed: Percentiles;
  /** trigger → start: started_at − scheduled_at of the runs that started (dry runs aside). */
  start: Percentiles;
  /** Scheduled runs that started within ADHERENCE_TOLERANCE_MS of their due time. */
  adherence: Adherence;
};

export type LatencyByWindow = Record<LatencyWindow, LatencyFigures>;

const empty = (): LatencyFigures => ({
  confirmed: { count: 0, p50Ms: null, p95Ms: null },
  start: { count: 0, p50Ms: null, p95Ms: null },
  adherence: { due: 0, onTime: 0, ratio: null },
});

const emptyLatency = (): LatencyByWindow => ({ '24h': empty(), '7d': empty() });

/** A time parameter (postgres-js takes strings, not Dates, in raw SQL). */
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const ms = (from: SQL, to: SQL) => sql`date_part('epoch', ${to} - ${from}) * 1000`;

/** The aggregates of one window: counts and the two percentiles of each span, in one pass. */
function windowColumns(w: LatencyWindow, since: Date, now: Date): SQL {
  const inWindow = sql`scheduled_at >= ${at(since)}`;
  const confirmed = sql`${inWindow} and status = 'confirmed' and finished_at is not null`;
  const started = sql`${inWindow} and started_at is not null and not dry_run`;
  const scheduled = sql`${inWindow} and trigger = 'schedule'`;
  const lateFrom = new Date(now.getTime() - ADHERENCE_TOLERANCE_MS);
  const tolerance = sql.raw(`interval '${ADHERENCE_TOLERANCE_MS} milliseconds'`);
  const p = (span: SQL, filter: SQL) =>
    sql`percentile_cont(array[0.5, 0.95]::float8[]) within group (order by ${span}) filter (where ${filter})`;
  return sql.join(
    [
      sql`count(*) filter (where ${confirmed})::int as ${sql.identifier(`c_n_${w}`)}`,
      sql`${p(ms(sql`scheduled_at`, sql`finished_at`), confirmed)} as ${sql.identifier(`c_p_${w}`)}`,
      sql`count(*) filter (where ${started})::int as ${sql.identifier(`s_n_${w}`)}`,
      sql`${p(ms(sql`scheduled_at`, sql`started_at`), started)} as ${sql.identifier(`s_p_${w}`)}`,
      // due: started, or due long enough ago that it is late already (a run due 2 s ago may still start on time)
      sql`count(*) filter (where ${scheduled} and (started_at is not null or scheduled_at <= ${at(lateFrom)}))::int
        as ${sql.identifier(`a_due_${w}`)}`,
      sql`count(*) filter (where ${scheduled} and started_at - scheduled_at <= ${tolerance})::int
        as ${sql.identifier(`a_on_${w}`)}`,
    ],
    sql`, `,
  );
}

type Row = Record<string, unknown> & { executable_id: string };

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function figuresOf(row: Row, w: LatencyWindow): LatencyFigures {
  const pair = (v: unknown) => (Array.isArray(v) ? v.map(num) : [null, null]);
  const [c50, c95] = pair(row[`c_p_${w}`]);
  const [s50, s95] = pair(row[`s_p_${w}`]);
  const due = Number(row[`a_due_${w}`]);
  const onTime = Number(row[`a_on_${w}`]);
  return {
    confirmed: { count: Number(row[`c_n_${w}`]), p50Ms: c50, p95Ms: c95 },
    start: { count: Number(row[`s_n_${w}`]), p50Ms: s50, p95Ms: s95 },
    adherence: { due, onTime, ratio: due === 0 ? null : onTime / due },
  };
}

/**
 * The figures of every window for the executions matching `scope`, one row per executable. The widest window
 * bounds the scan on the id index (ids are time-sortable and minted when the run is created, never before its
 * due time), so only the last 7 days of an executable's history are read, however long it is.
 */
async function latencyRows(db: DbOrTx, scope: SQL, now: Date): Promise<Map<string, LatencyByWindow>> {
  const widest = new Date(now.getTime() - WIDEST_MS);
  const columns = sql.join(
    WINDOWS.map((w) => windowColumns(w, new Date(now.getTime() - LATENCY_WINDOWS[w]), now)),
    sql`, `,
  );
  const rows = await db.execute<Row>(sql`
    select executable_id, ${columns}
      from executions
     where ${scope}
       and id >= ${idFloor('execution', widest.getTime())}
       and scheduled_at >= ${at(widest)} and scheduled_at <= ${at(now)}
     group by executable_id`);
  return new Map(
    rows.map((row) => [
      row.executable_id,
      Object.fromEntries(WINDOWS.map((w) => [w, figuresOf(row, w)])) as LatencyByWindow,
    ]),
  );
}

/** One executable's latency figures over each window (zero counts and null figures when it has no runs). */
export async function executableLatency(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  now = new Date(),
): Promise<LatencyByWindow> {
  const rows = await latencyRows(
    db,
    sql`executable_id = ${executableId} and workspace_id = ${workspaceId}`,
    now,
  );
  return rows.get(executableId) ?? emptyLatency();
}

/**
 * The latency figures of each non-deleted executable of a project, by name: one scan of the project's id index
 * over the widest window, grouped by executable.
 */
export async function projectLatency(db: DbOrTx, workspaceId: string, projectId: string, now = new Date()) {
  const [executables, rows] = await Promise.all([
    db.execute<{ id: string; name: string; state: string }>(sql`
      select id, name, state from executables
       where project_id = ${projectId} and workspace_id = ${workspaceId} and state <> 'deleted'
       order by name, id`),
    latencyRows(db, sql`project_id = ${projectId} and workspace_id = ${workspaceId}`, now),
  ]);
  return executables.map((e) => ({
    executableId: e.id,
    name: e.name,
    state: e.state,
    windows: rows.get(e.id) ?? emptyLatency(),
  }));
}

type ExecutionRow = typeof executions.$inferSelect;

export type TimelineRun = {
  id: string;
  status: ExecutionRow['status'];
  trigger: ExecutionRow['trigger'];
  dryRun: boolean;
  scheduledAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** started − due (ms); null until it started. */
  lagMs: number | null;
  /** finished − started (ms). */
  durationMs: number | null;
  /** finished − due (ms): trigger → final. */
  totalMs: number | null;
};

export const RECENT_RUNS = 50;

/** The executable's latest runs, newest first (one probe of the `(executable_id, id)` index). */
export async function recentRuns(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  limit = RECENT_RUNS,
): Promise<TimelineRun[]> {
  const rows = await db.execute<{
    id: string;
    status: ExecutionRow['status'];
    trigger: ExecutionRow['trigger'];
    dry_run: boolean;
    scheduled_at: Date | string;
    started_at: Date | string | null;
    finished_at: Date | string | null;
  }>(sql`
    select id, status, trigger, dry_run, scheduled_at, started_at, finished_at
      from executions
     where executable_id = ${executableId} and workspace_id = ${workspaceId}
     order by id desc
     limit ${limit}`);
  return rows.map((r) => {
    const due = new Date(r.scheduled_at).getTime();
    const started = r.started_at ? new Date(r.started_at).getTime() : null;
    const finished = r.finished_at ? new Date(r.finished_at).getTime() : null;
    return {
      id: r.id,
      status: r.status,
      trigger: r.trigger,
      dryRun: r.dry_run,
      scheduledAt: new Date(due).toISOString(),
      startedAt: started === null ? null : new Date(started).toISOString(),
      finishedAt: finished === null ? null : new Date(finished).toISOString(),
      lagMs: started === null ? null : started - due,
      durationMs: started !== null && finished !== null ? finished - started : null,
      totalMs: finished === null ? null : finished - due,
    };
  });
}
