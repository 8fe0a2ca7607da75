import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { getStorageOp, writeStorageOp } from '@/lib/storage/operations';
import { readStorage, writeStorage } from '@/lib/storage/service';

// GET /api/v1/executables/{executableId}/storage — the whole object and its version
export const GET = route(getStorageOp, async ({ principal, params }) =>
  ok(await readStorage(getDb(), principal.workspaceId, params.executableId)),
);

// PATCH /api/v1/executables/{executableId}/storage — replace it at expectedVersion
export const PATCH = route(writeStorageOp, async ({ principal, params, body }) =>
  ok(await writeStorage(getDb(), principal.workspaceId, params.executableId, body)),
);

// Other methods: 405 in the API's error shape
export const { POST, PUT, DELETE } = otherMethods('GET', 'PATCH');
