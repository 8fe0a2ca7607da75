import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { generateSiweNonce } from 'viem/siwe';
import type { DbOrTx } from '@/db/client';
import { siweNonces } from '@/db/schema';

/** How long an issued nonce can still sign in: enough to connect a wallet and confirm the signature. */
const SIWE_NONCE_TTL_SECONDS = 300;

/** A fresh EIP-4361 nonce (alphanumeric, 96 characters), stored until it signs in once or expires. */
export async function issueSiweNonce(db: DbOrTx) {
  const nonce = generateSiweNonce();
  const expiresAt = new Date(Date.now() + SIWE_NONCE_TTL_SECONDS * 1000);
  await db.insert(siweNonces).values({ nonce, expiresAt });
  return { nonce, expiresAt };
}

/**
 * Uses a nonce up: one `delete … returning` deletes it only while it is unexpired, so of two sign-ins with the
 * same signed message at most one gets `true`, on any number of app instances.
 */
export async function consumeSiweNonce(db: DbOrTx, nonce: string): Promise<boolean> {
  const used = await db
    .delete(siweNonces)
    .where(and(eq(siweNonces.nonce, nonce), gt(siweNonces.expiresAt, sql`now()`)))
    .returning({ nonce: siweNonces.nonce });
  return used.length === 1;
}

/** Maintenance: deletes the nonces that expired unused. */
export async function sweepExpiredSiweNonces(db: DbOrTx): Promise<number> {
  const swept = await db
    .delete(siweNonces)
    .where(lte(siweNonces.expiresAt, sql`now()`))
    .returning({ nonce: siweNonces.nonce });
  return swept.length;
}
