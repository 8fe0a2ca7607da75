import { boolean, doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './util';

/**
 * Management rate limit: one token bucket per credential (the SHA-256 of the bearer token), shared by every
 * app instance. Created UNLOGGED (see its migration): a crash empties it, which only refills every bucket.
 * A row idle for a minute is a full bucket, the same as no row, so old rows are simply deleted.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  tokenHash: text('token_hash').primaryKey(),
  /** Tokens left after the last request (fractional: the bucket refills continuously). */
  tokens: doublePrecision('tokens').notNull(),
  /** Whether the last request got a token. */
  allowed: boolean('allowed').notNull(),
  /** When `tokens` was last computed (the database clock, so every instance agrees). */
  updatedAt: tstz('updated_at').notNull(),
});
