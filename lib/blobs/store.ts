import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { blobs } from '@/db/schema';
import { sha256Hex } from '@/lib/crypto/tokens';
import { newId } from '@/lib/ids';

/**
 * The bundle blob store: content-addressed by SHA-256, so identical bundles (re-uploads, copies) share one
 * blob. Postgres holds the bytes by default; another store would keep the same interface and leave `bytes` null.
 */
export type BlobStore = {
  put(db: DbOrTx, bytes: Buffer): Promise<{ id: string; sha256: string; size: number }>;
  get(db: DbOrTx, id: string): Promise<Buffer | null>;
};

const postgresBlobStore: BlobStore = {
  async put(db, bytes) {
    const sha256 = sha256Hex(bytes);
    await db
      .insert(blobs)
      .values({ id: newId('blob'), sha256, size: bytes.length, bytes })
      .onConflictDoNothing();
    const [blob] = await db.select({ id: blobs.id }).from(blobs).where(eq(blobs.sha256, sha256));
    return { id: blob.id, sha256, size: bytes.length };
  },
  async get(db, id) {
    const [blob] = await db.select({ bytes: blobs.bytes }).from(blobs).where(eq(blobs.id, id));
    return blob?.bytes ?? null;
  },
};

export const blobStore: BlobStore = postgresBlobStore;
