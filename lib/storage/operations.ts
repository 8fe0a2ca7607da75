import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import {
  STORAGE_BODY_LIMIT_BYTES,
  StorageParams,
  StorageSchema,
  StorageWriteSchema,
  WriteStorageBody,
} from './schemas';

const tag = 'Storage';

export const getStorageOp = defineOperation({
  method: 'GET',
  path: '/api/v1/executables/{executableId}/storage',
  scope: 'storage:read',
  tag,
  summary: 'Read the whole storage object of an executable and its version',
  description:
    'An executable that never stored anything answers `{}` at version 0. A stored object over 16 MiB serialized (the runtime allows more) → 413 `storage_too_large`.',
  params: StorageParams,
  errors: ['storage_too_large'],
  responses: { 200: z.strictObject({ data: StorageSchema }) },
});

export const writeStorageOp = defineOperation({
  method: 'PATCH',
  path: '/api/v1/executables/{executableId}/storage',
  scope: 'storage:write',
  tag,
  summary: 'Replace the storage object if it is still at expectedVersion',
  description:
    'Optimistic concurrency: a stale `expectedVersion` → 409 `storage_version_conflict` (with `currentVersion`); while an execution holds the storage lock → 409 `storage_locked`. A deep-equal value keeps the version (`changed: false`). Over 16 MiB serialized → 413 `storage_too_large`.',
  params: StorageParams,
  body: WriteStorageBody,
  maxBody: { bytes: STORAGE_BODY_LIMIT_BYTES, code: 'storage_too_large' },
  errors: ['storage_locked', 'storage_version_conflict'],
  responses: { 200: z.strictObject({ data: StorageWriteSchema }) },
});
