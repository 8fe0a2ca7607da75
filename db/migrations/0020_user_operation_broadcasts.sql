CREATE TYPE "public"."broadcast_envelope" AS ENUM('transaction', 'user_operation');--> statement-breakpoint
ALTER TABLE "transaction_broadcasts" ADD COLUMN "envelope" "broadcast_envelope" DEFAULT 'transaction' NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_broadcasts" ADD COLUMN "bundle_tx_hash" text;