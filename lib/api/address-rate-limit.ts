import { clientAddress } from './client-address';
import { apiError } from './errors';
import { takeRateLimit } from './rate-limit';

/** Reads a per-minute limit from the environment: a whole number, 0 turns the limit off. */
export function perMinuteFromEnv(name: string, fallback: number): number {
  const configured = Number(process.env[name] ?? fallback);
  return Number.isInteger(configured) && configured >= 0 ? configured : fallback;
}

/**
 * Rate limit of a door without a credential (management-login start, SIWE nonces): a token bucket per client
 * address and door in the shared Postgres buckets (lib/api/rate-limit.ts), so every app instance draws from the
 * same one. Throws `429 rate_limited` with `Retry-After` when the address's bucket is empty.
 */
export async function limitByClientAddress(req: Request, door: string, perMinute: number): Promise<void> {
  const { allowed, headers } = await takeRateLimit(
    `${door}:${clientAddress(req.headers)}`,
    undefined,
    perMinute,
  );
  if (!allowed) throw apiError('rate_limited', 'too many requests from this address', undefined, headers);
}
