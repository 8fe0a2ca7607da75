import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { createDb } from './client';

const MIGRATION_LOCK = 727_001;

/**
 * Applies the committed migrations over one dedicated connection; a session advisory lock keeps concurrent
 * starters (dev server, CLI, test workers) from racing each other.
 */
export async function migrateDatabase(url: string): Promise<void> {
  const db = createDb(url, 1);
  try {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migrate(db, { migrationsFolder: path.join(process.cwd(), 'db/migrations') });
    await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  } finally {
    await db.$sql.end();
  }
}
