import type { DbOrTx } from '@/db/client';
import { DEFAULT_TASK_LIMITS } from '@/lib/runtime/task-runner';
import type { JsonObject } from '@/lib/runtime/task-types';
import { lockStorage } from './finish';

/**
 * How long a run waits for the storage lock before it fails `storage_locked`: the longest a callback of the
 * previous execution can hold it (its wall limit, plus a margin). Without callbacks the lock is only ever
 * contended by a run taken over from a dead worker, whose lock expires on its own.
 */
export const RUN_LOCK_WAIT_MS = DEFAULT_TASK_LIMITS.timeoutMs + 5_000;
const LOCK_POLL_MS = 250;

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
