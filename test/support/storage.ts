import { testDb } from './fixtures';
import { api } from './http';

export const storagePath = (executableId: string) => `/api/v1/executables/${executableId}/storage`;

export const readStorage = (token: string, executableId: string) => api(storagePath(executableId), { token });

export const writeStorage = (
  token: string,
  executableId: string,
  body: unknown,
  headers?: Record<string, string>,
) => api(storagePath(executableId), { method: 'PATCH', token, body, headers });

/** The storage row as the database has it (null when there is none). */
export async function storageRow(executableId: string) {
  const [row] = await testDb()
    .$sql`select version, value, locked_by, locked_until from executable_storage where executable_id = ${executableId}`;
  return row ?? null;
}

/** An execution's storage lock, set straight in the database (`ms` from now; negative = already expired). */
export async function setStorageLock(executableId: string, ms: number, lockedBy = 'exn_lock_holder') {
  await testDb().$sql`
    insert into executable_storage (executable_id, locked_by, locked_until)
    values (${executableId}, ${lockedBy}, now() + ${`${ms} milliseconds`}::interval)
    on conflict (executable_id) do update set locked_by = excluded.locked_by, locked_until = excluded.locked_until`;
}

export async function clearStorageLock(executableId: string) {
  await testDb()
    .$sql`update executable_storage set locked_by = null, locked_until = null where executable_id = ${executableId}`;
}

/** A JSON object whose compact serialization is exactly `bytes` long (ASCII). */
export function objectOfSize(bytes: number): Record<string, string> {
  const overhead = JSON.stringify({ pad: '' }).length;
  return { pad: 'x'.repeat(bytes - overhead) };
}
