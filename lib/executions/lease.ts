// The run lease: while a worker process runs an execution's workflow it holds a session-level advisory lock on
// the execution, on a connection of its own (`getLeaseSession`). Postgres frees it the moment that process dies
// (kill -9, crash, lost host), so "unfinished and nobody holds its lease" means the run was cut short and is
// taken over at once, instead of after a time-out. The embedded provider holds it for the whole workflow; Inngest
// runs each step as a separate request, so there runs hold no lease and staleness is decided by time.
//
// A lease can also be lost while its holder lives (Postgres restarted under it). Then a second worker may take
// the run over; the claim's `claimedAt` fences the first one out before it can record or broadcast anything
// (see `run.ts`).
import { type SQL, sql } from 'drizzle-orm';
import { getLeaseSession } from '@/db/client';

/** The advisory-lock key of an execution's lease, as SQL of the execution id (a parameter or a column). */
const runLeaseKey = (executionId: SQL | string) =>
  sql`hashtextextended('tickwork:run:' || ${executionId}, 0)`;

/**
 * True when some live session holds the lease of the execution whose id `executionId` names (pg_locks spells a
 * bigint advisory key as its high and low 32 bits in classid and objid, with objsubid 1).
 */
export const runLeaseHeld = (executionId: SQL) => sql`exists (
  select 1 from pg_locks l
   where l.locktype = 'advisory' and l.objsubid = 1 and l.granted
     and l.database = (select oid from pg_database where datname = current_database())
     and ((l.classid::int8 << 32) | l.objid::int8) = ${runLeaseKey(executionId)})`;

export type RunLease = { release: () => Promise<void> };

/** Leases this process holds: session locks are re-entrant, so a second job of ours must be refused here. */
const held = new Set<string>();

/**
 * Takes the execution's lease, or answers null when another run of it holds it (in this process or a live
 * other one). `release` gives it back; it never throws (a lost session has already dropped the lock).
 */
export async function acquireRunLease(executionId: string): Promise<RunLease | null> {
  if (held.has(executionId)) return null;
  held.add(executionId);
  const session = getLeaseSession();
  const key = `tickwork:run:${executionId}`;
  let locked = false;
  try {
    [{ locked }] = await session<{ locked: boolean }[]>`
      select pg_try_advisory_lock(hashtextextended(${key}, 0)) as locked`;
  } finally {
    if (!locked) held.delete(executionId);
  }
  if (!locked) return null;
  return {
    release: async () => {
      held.delete(executionId);
      await session`select pg_advisory_unlock(hashtextextended(${key}, 0))`.catch(() => {});
    },
  };
}
