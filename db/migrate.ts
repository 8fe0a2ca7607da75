import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { createDb, type Db } from './client';

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

export type MigrationState = { expected: number; applied: number; latest: string | null; pending: string[] };

/**
 * Which committed migrations (db/migrations/meta/_journal.json) this database has not applied: drizzle's
 * migrator applies those younger than the newest it recorded, so a journal entry after it is pending.
 */
export async function migrationState(db: Db): Promise<MigrationState> {
  const journal = JSON.parse(
    await readFile(path.join(process.cwd(), 'db/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  const [{ exists }] = await db.execute<{ exists: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  const rows = exists
    ? await db.execute<{ applied: number; newest: string | null }>(sql`
        select count(*)::int as applied, max(created_at)::text as newest from drizzle.__drizzle_migrations`)
    : [];
  const { applied, newest } = rows[0] ?? { applied: 0, newest: null };
  const newestWhen = newest === null ? -1 : Number(newest);
  const pending = journal.entries.filter((e) => e.when > newestWhen).map((e) => e.tag);
  const done = journal.entries.filter((e) => e.when <= newestWhen);
  return {
    expected: journal.entries.length,
    applied,
    latest: done.at(-1)?.tag ?? null,
    pending,
  };
}
