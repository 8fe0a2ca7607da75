import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

export type Db = ReturnType<typeof createDb>;
/** A transaction handle or the root handle: queries take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export function createDb(url: string, max = Number(process.env.DATABASE_POOL_SIZE ?? 10)) {
  const sql = postgres(url, { max, onnotice: () => {}, connection: { application_name: 'tickwork' } });
  return Object.assign(drizzle(sql, { schema }), { $sql: sql });
}

const globalForDb = globalThis as unknown as { tickworkDb?: Db };

/** The process-wide pool, from DATABASE_URL (the start command and test harness always set it). */
export function getDb(): Db {
  if (!globalForDb.tickworkDb) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm run dev` or set it yourself');
    globalForDb.tickworkDb = createDb(url);
  }
  return globalForDb.tickworkDb;
}

const globalForLeases = globalThis as unknown as { tickworkLeaseSession?: postgres.Sql };

/**
 * One connection of this process, apart from the pool, for session-level advisory locks (the run leases of
 * `lib/executions/lease.ts`): Postgres frees them the moment this process or its connection dies. Reconnects
 * on its next query after a Postgres restart, with the locks gone.
 */
export function getLeaseSession(): postgres.Sql {
  if (!globalForLeases.tickworkLeaseSession) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm run dev` or set it yourself');
    globalForLeases.tickworkLeaseSession = postgres(url, {
      max: 1,
      onnotice: () => {},
      connection: { application_name: 'tickwork-leases' },
    });
  }
  return globalForLeases.tickworkLeaseSession;
}
