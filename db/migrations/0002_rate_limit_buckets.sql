-- UNLOGGED by hand (drizzle-kit cannot declare it): no WAL on the per-request upsert; a crash only empties the buckets.
CREATE UNLOGGED TABLE "rate_limit_buckets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"allowed" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
