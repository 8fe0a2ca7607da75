import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables } from '@/db/schema';
import { apiError, notFound } from '@/lib/api/errors';
import {
  STORAGE_HTTP_LIMIT_BYTES,
  type StorageRecord,
  type StorageWriteRecord,
  type WriteStorageInput,
} from './schemas';
import { recordingVersion } from './versions';

/** An executable the workspace can address: its own and not deleted (else 404). */
async function requireLiveExecutable(db: DbOrTx, workspaceId: string, executableId: string) {
  const [row] = await db
    .select({ id: executables.id })
    .from(executables)
    .where(
      and(
        eq(executables.id, executableId),
        eq(executables.workspaceId, workspaceId),
        ne(executables.state, 'deleted'),
      ),
    );
  if (!row) throw notFound('executable');
  return row;
}

/** Size of the compact JSON serialization (`JSON.stringify`) in UTF-8 bytes: what the 16 MiB limit counts. */
const serializedBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

const tooLarge = (bytes?: number) =>
  apiError('storage_too_large', 'storage over HTTP is limited to 16 MiB serialized', {
    limitBytes: STORAGE_HTTP_LIMIT_BYTES,
    ...(bytes !== undefined && { sizeBytes: bytes }),
  });

type StoredRow = { version: number; value: Record<string, unknown> | null; text_bytes: number };

/**
 * The whole object and its version; `{}` at version 0 when nothing was stored yet. Objects the runtime grew
 * past 16 MiB are refused (413), and ones far past it are not even loaded (jsonb text is at most ~1.5× the
 * compact form, so over 2× the limit is over the limit for sure).
 */
export async function readStorage(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
): Promise<StorageRecord> {
  await requireLiveExecutable(db, workspaceId, executableId);
  const rows = await db.execute<StoredRow>(sql`
    select version,
           case when octet_length(value::text) <= ${2 * STORAGE_HTTP_LIMIT_BYTES} then value end as value,
           octet_length(value::text)::int as text_bytes
      from executable_storage where executable_id = ${executableId}`);
  const row = rows[0];
  if (!row) return { value: {}, version: 0 };
  if (row.value === null) throw tooLarge();
  const bytes = serializedBytes(row.value);
  if (bytes > STORAGE_HTTP_LIMIT_BYTES) throw tooLarge(bytes);
  return { value: row.value, version: row.version };
}

type CurrentRow = { version: number; same: boolean; locked: boolean };

/**
 * Replaces the object if it is still at `expectedVersion`. The write is one conditional statement (an
 * upsert for version 0, an UPDATE otherwise), so of two writers with the same expectedVersion exactly one
 * wins: the loser's condition is re-checked on the winner's row and fails. Only when nothing was written is
 * the row read to say why: held lock → storage_locked, other version → storage_version_conflict, a
 * deep-equal value (jsonb equality) → `changed: false` at the same version. A written version is recorded in
 * storage_versions by the same statement (lib/storage/versions.ts).
 */
export async function writeStorage(
  db: DbOrTx,
  workspaceId: string,
  executableId: string,
  input: WriteStorageInput,
): Promise<StorageWriteRecord> {
  const json = JSON.stringify(input.value);
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > STORAGE_HTTP_LIMIT_BYTES) throw tooLarge(bytes);
  await requireLiveExecutable(db, workspaceId, executableId);
  const expected = input.expectedVersion;

  for (let attempt = 0; attempt < 3; attempt++) {
    const written = await db.execute<{ version: number }>(
      expected === 0
        ? // No row means `{}` at version 0: an equal `{}` inserts a version-0 row (unchanged), anything else
          // version 1; an existing row is updated only under the same conditions as below.
          recordingVersion(sql`
          insert into executable_storage as s (executable_id, version, value, updated_at)
          values (${executableId}, case when ${json}::jsonb = '{}'::jsonb then 0 else 1 end, ${json}::jsonb, now())
          on conflict (executable_id) do update
             set version = s.version + 1, value = excluded.value, updated_at = now()
           where s.version = 0
             and s.value <> excluded.value
             and not coalesce(s.locked_by is not null and s.locked_until > now(), false)`)
        : recordingVersion(sql`
          update executable_storage as s
             set version = s.version + 1, value = ${json}::jsonb, updated_at = now()
           where s.executable_id = ${executableId}
             and s.version = ${expected}
             and s.value <> ${json}::jsonb
             and not coalesce(s.locked_by is not null and s.locked_until > now(), false)`),
    );
    if (written[0]) return { version: written[0].version, changed: written[0].version > expected };

    const rows = await db.execute<CurrentRow>(sql`
      select version,
             value = ${json}::jsonb as same,
             coalesce(locked_by is not null and locked_until > now(), false) as locked
        from executable_storage where executable_id = ${executableId}`);
    const current = rows[0] ?? { version: 0, same: json === '{}', locked: false };
    if (current.locked)
      throw apiError('storage_locked', 'an execution holds the storage lock; retry when it ends', {
        currentVersion: current.version,
      });
    if (current.version !== expected)
      throw apiError(
        'storage_version_conflict',
        `storage is at version ${current.version}, not ${expected}; read it again and retry`,
        { currentVersion: current.version },
      );
    if (current.same) return { version: current.version, changed: false };
    // The lock was released between the write and this read: try the write again.
  }
  throw apiError('storage_locked', 'an execution holds the storage lock; retry when it ends');
}
