import { type Db, getDb } from '@/db/client';
import { log } from '@/lib/log';

/**
 * Per-credential token bucket for management routes, kept in Postgres (`rate_limit_buckets`) so that every app
 * instance draws from the same bucket. `TICKWORK_RATE_LIMIT_PER_MINUTE` is the capacity (default 600; 0 turns
 * the limit off); the bucket refills continuously at capacity/60 tokens a second and each request takes one.
 */
const configured = Number(process.env.TICKWORK_RATE_LIMIT_PER_MINUTE ?? 600);
const limit = Number.isInteger(configured) && configured >= 0 ? configured : 600;

/** A row idle this long is a full bucket, the same as no row (a bucket refills completely in 60 s). */
const PRUNE_IDLE = '2 minutes';
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

export type RateLimitResult = { allowed: boolean; headers: Record<string, string> };

type BucketRow = { tokens: number; allowed: boolean };

/**
 * Takes one token from the credential's bucket: one atomic upsert, one round trip. The row lock of
 * `ON CONFLICT DO UPDATE` serializes concurrent requests of a credential (on any instance), and the refill uses
 * the database clock, so instances never disagree about time. A request that arrives while an earlier-started
 * one holds the lock refills nothing (`greatest(0, …)`) rather than a negative amount.
 */
export async function takeRateLimit(
  credentialKey: string,
  db: Db = getDb(),
  /** Another capacity than the management one (the RPC gateway's); the same refill rule. */
  capacity = limit,
  /** Tokens to take at once, all or none (the RPC gateway leases several; at most `capacity`). */
  cost = 1,
): Promise<RateLimitResult> {
  if (capacity === 0) return { allowed: true, headers: {} };
  const limit = capacity;
  const perSecond = limit / 60;
  const [bucket] = await db.$sql<BucketRow[]>`
    insert into rate_limit_buckets as b (token_hash, tokens, allowed, updated_at)
    values (${credentialKey}, ${limit - cost}::float8, true, now())
    on conflict (token_hash) do update set (tokens, allowed, updated_at) = (
      select level - case when level >= ${cost}::float8 then ${cost}::float8 else 0 end, level >= ${cost}::float8,
        greatest(b.updated_at, now())
        from (select least(${limit}::float8, b.tokens + ${perSecond}::float8
                * greatest(0, extract(epoch from now() - b.updated_at)::float8)) as level) refilled)
    returning tokens, allowed`;
  pruneNowAndThen(db);
  return { allowed: bucket.allowed, headers: rateHeaders(bucket, limit) };
}

/**
 * `RateLimit-Remaining`: whole tokens left; `RateLimit-Reset`: seconds until the bucket is full again;
 * `Retry-After` (refused requests): seconds until the next whole token.
 */
function rateHeaders({ tokens, allowed }: BucketRow, limit: number): Record<string, string> {
  const perSecond = limit / 60;
  const secondsUntil = (level: number) => String(Math.max(1, Math.ceil((level - tokens) / perSecond)));
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(Math.max(0, Math.floor(tokens))),
    'RateLimit-Reset': secondsUntil(limit),
  };
  if (!allowed) headers['Retry-After'] = secondsUntil(1);
  return headers;
}

/** At most once a minute per process, off the request's path: drops the rows of buckets idle for a while. */
function pruneNowAndThen(db: Db) {
  const now = Date.now();
  if (now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  db.$sql`delete from rate_limit_buckets where updated_at < now() - ${PRUNE_IDLE}::interval`.then(
    () => {},
    (error: unknown) => log.warn({ err: error }, 'pruning rate-limit buckets failed'),
  );
}
