import { getDb } from '@/db/client';
import { limitByClientAddress, perMinuteFromEnv } from '@/lib/api/address-rate-limit';
import { ok } from '@/lib/api/reply';
import { otherMethods, publicRoute } from '@/lib/api/route';
import { issueSiweNonce } from '@/lib/auth/siwe-nonces';

/** Nonces one client address may take a minute (`TICKWORK_SIWE_NONCE_RATE_LIMIT_PER_MINUTE`; 0: no limit). */
const NONCES_PER_MINUTE = perMinuteFromEnv('TICKWORK_SIWE_NONCE_RATE_LIMIT_PER_MINUTE', 60);

// POST /api/siwe/nonce — a single-use Sign-In with Ethereum nonce for the console's sign-in message
export const POST = publicRoute({}, async ({ req }) => {
  await limitByClientAddress(req, 'siwe-nonce', NONCES_PER_MINUTE);
  const { nonce, expiresAt } = await issueSiweNonce(getDb());
  return ok({ nonce, expiresAt: expiresAt.toISOString() }, 201);
});

// Other methods: 405 in the API's error shape
export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
