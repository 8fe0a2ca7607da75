import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { functionReleases } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { blobStore } from '@/lib/blobs/store';
import { sha256Hex } from '@/lib/crypto/tokens';
import { inspectBundle } from './bundle';

/** A release's `index.js`, or why it cannot be had (a reason fit for a state or an execution error). */
export type ReleaseCode = { ok: true; checksum: string; source: string } | { ok: false; reason: string };

/** Releases are immutable, so their code is cached by checksum (the newest few, for the engine's hot path). */
const CACHE_SIZE = 64;
const cache = new Map<string, string>();

function remember(checksum: string, source: string) {
  cache.delete(checksum);
  cache.set(checksum, source);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}

/**
 * The `index.js` of a release: the bundle fetched from the blob store, its checksum verified, the archive
 * inspected with the upload's rules. Bundle faults come back as `{ ok: false, reason }`; infrastructure
 * failures (database) throw, so a job retries.
 */
export async function loadReleaseCode(db: DbOrTx, functionId: string): Promise<ReleaseCode> {
  const [release] = await db
    .select({ checksum: functionReleases.checksum, blobId: functionReleases.blobId })
    .from(functionReleases)
    .where(eq(functionReleases.id, functionId));
  if (!release) return { ok: false, reason: 'the function release no longer exists' };
  const cached = cache.get(release.checksum);
  if (cached !== undefined) return { ok: true, checksum: release.checksum, source: cached };

  const bytes = await blobStore.get(db, release.blobId);
  if (!bytes) return { ok: false, reason: 'the bundle of the function release is missing' };
  if (sha256Hex(bytes) !== release.checksum)
    return { ok: false, reason: 'the stored bundle does not match the release checksum' };
  try {
    const { files } = await inspectBundle(bytes);
    const source = (files.get('index.js') as Buffer).toString('utf8');
    remember(release.checksum, source);
    return { ok: true, checksum: release.checksum, source };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, reason: `the bundle is invalid: ${error.message}` };
    throw error;
  }
}
