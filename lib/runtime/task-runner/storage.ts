import { canonicalJson } from '@/lib/canonical-json';
import type { JsonObject } from '../task-types';
import { TaskFailure } from './failure';

export type StorageAfter = { storage: JsonObject; storageChanged: boolean };

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** The storage after the run; `storageJson` is null when the task never called set or delete. */
export function storageAfter(before: JsonObject, storageJson: string | null, maxBytes: number): StorageAfter {
  if (storageJson === null) return { storage: before, storageChanged: false };
  const bytes = Buffer.byteLength(storageJson, 'utf8');
  if (bytes > maxBytes)
    throw new TaskFailure(
      'storage_too_large',
      `the storage would be ${mib(bytes)} serialized, over the limit of ${mib(maxBytes)}`,
    );
  const after = JSON.parse(storageJson) as JsonObject;
  // Setting a key to the value it already had is not a change.
  if (canonicalJson(after) === canonicalJson(before)) return { storage: before, storageChanged: false };
  return { storage: after, storageChanged: true };
}
