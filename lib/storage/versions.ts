import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

// Past storage values (`storage_versions`), so that replay can hand a run the object it read. Every commit of
// `executable_storage` (a run's, the PATCH storage route's) goes through `recordingVersion`: the write and its
// version row are one statement, so neither can exist without the other. Version 0 (`{}`, nothing stored yet) is
// never recorded: replay knows it without a row.

/** Versions older than this are deleted by the hourly maintenance, except each executable's current one. */
const STORAGE_VERSION_RETENTION_DAYS = 30;

/**
 * Wraps a write of `executable_storage` (an UPDATE or an upsert, without its RETURNING clause) so that the row it
 * writes is also recorded in `storage_versions`; the statement answers the written rows' `version` (none when
 * the write's conditions held nothing).
 */
export const recordingVersion = (write: SQL) => sql`
  with written as (${write} returning executable_id, version, value),
  recorded as (
    insert into storage_versions (executable_id, version, value)
    select executable_id, version, value from written where version > 0
    on conflict (executable_id, version) do update set value = excluded.value, created_at = now()
  )
  select version from written`;

/**
 * The storage object at `version` of an executable: `{}` for version 0, null when that version is no longer kept
 * (past the retention) or was never recorded.
 */
export async function storageAtVersion(
  db: DbOrTx,
  executableId: string,
  version: number,
): Promise<Record<string, unknown> | null> {
  if (version === 0) return {};
  const rows = await db.execute<{ value: Record<string, unknown> }>(sql`
    select value from storage_versions where executable_id = ${executableId} and version = ${version}`);
  return rows[0]?.value ?? null;
}

/**
 * Deletes the versions created more than the retention ago, except each executable's current version (what
 * `executable_storage` holds now, however old). Answers how many went.
 */
export async function sweepStorageVersions(db: DbOrTx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - STORAGE_VERSION_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db.execute<{ version: number }>(sql`
    delete from storage_versions v
     where v.created_at < ${cutoff.toISOString()}::timestamptz
       and not exists (
         select 1 from executable_storage s where s.executable_id = v.executable_id and s.version = v.version)
    returning v.version`);
  return rows.length;
}
