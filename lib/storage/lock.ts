import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { JsonObject } from '@/lib/runtime/task-types';
import { recordingVersion } from './versions';

// The executable storage's lock: a run (or its callback) holds it from reading the object to committing it, so
// the PATCH storage route and a second run can never lose an update.

const LOCK_POLL_MS = 250;

/**
 * Takes the executable's storage lock for a run (creating the `{}` row at version 0 when there is none) and
 * answers the object as it is; null when another holder's lock has not expired. HTTP writers are refused
 * while it is held, so the run's commit can never lose an update.
 */
async function lockStorage(
  db: DbOrTx,
  executableId: string,
  executionId: string,
  holdMs: number,
): Promise<JsonObject | null> {
  const rows = await db.execute<{ value: JsonObject }>(sql`
    insert into executable_storage as s (executable_id, locked_by, locked_until)
    values (${executableId}, ${executionId}, now() + ${`${holdMs} milliseconds`}::interval)
    on conflict (executable_id) do update
       set locked_by = excluded.locked_by, locked_until = excluded.locked_until
     where s.locked_by is null or s.locked_until < now() or s.locked_by = excluded.locked_by
    returning s.value`);
  return rows[0]?.value ?? null;
}

/**
 * Releases the run's lock, writing `commit` first when it differs from the stored object (version + 1, recorded in
 * storage_versions by the same statement).
 */
export async function releaseStorage(
  db: DbOrTx,
  executableId: string,
  executionId: string,
  commit: JsonObject | null,
) {
  if (commit)
    await db.execute(
      recordingVersion(sql`
      update executable_storage
         set value = ${JSON.stringify(commit)}::jsonb, version = version + 1, updated_at = now()
       where executable_id = ${executableId} and locked_by = ${executionId} and value <> ${JSON.stringify(commit)}::jsonb`),
    );
  await db.execute(sql`
    update executable_storage set locked_by = null, locked_until = null
     where executable_id = ${executableId} and locked_by = ${executionId}`);
}

/** `lockStorage`, tried again every 250 ms for up to `waitMs` while another holder's lock stands. */
export async function lockStorageWaiting(
  db: DbOrTx,
  executableId: string,
  holder: string,
  holdMs: number,
  waitMs: number,
): Promise<JsonObject | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const storage = await lockStorage(db, executableId, holder, holdMs);
    if (storage || Date.now() >= deadline) return storage;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}
