import { z } from 'zod';

/** The HTTP routes read and write at most 16 MiB of serialized storage (the runtime allows more). */
export const STORAGE_HTTP_LIMIT_BYTES = 16 * 1024 * 1024;
/** The PATCH body may be a little larger than the value it carries (`expectedVersion`, whitespace). */
export const STORAGE_BODY_LIMIT_BYTES = STORAGE_HTTP_LIMIT_BYTES + 64 * 1024;

/** Postgres `integer`: a larger number is a 400 before it reaches SQL. */
const version = z.int32().min(0);

export const StorageParams = z.object({ executableId: z.string() });

export const StorageSchema = z
  .strictObject({
    value: z.record(z.string(), z.unknown()).meta({ description: 'The whole stored JSON object' }),
    version: version.meta({ description: 'Starts at 0 (nothing stored yet); each change adds 1' }),
  })
  .meta({ id: 'ExecutableStorage' });
export type StorageRecord = z.output<typeof StorageSchema>;

export const WriteStorageBody = z
  .object({
    expectedVersion: version.meta({
      description: 'The version the write is based on; another version → 409 storage_version_conflict',
    }),
    value: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The new whole object (replaces, no merge); at most 16 MiB serialized' }),
  })
  .strict()
  .meta({ id: 'WriteStorageRequest' });

export const StorageWriteSchema = z
  .strictObject({
    version: version,
    changed: z.boolean().meta({ description: 'false: the value was deep-equal, the version stays' }),
  })
  .meta({ id: 'StorageWriteResult' });
export type StorageWriteRecord = z.output<typeof StorageWriteSchema>;

export type WriteStorageInput = z.infer<typeof WriteStorageBody>;
