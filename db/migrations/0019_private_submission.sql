CREATE TYPE "public"."broadcast_route" AS ENUM('public', 'private');--> statement-breakpoint
CREATE TYPE "public"."private_submission" AS ENUM('auto', 'only', 'off');--> statement-breakpoint
ALTER TABLE "transaction_broadcasts" ADD COLUMN "route" "broadcast_route" DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_broadcasts" ADD COLUMN "public_after_block" bigint;--> statement-breakpoint
ALTER TABLE "transaction_broadcasts" ADD COLUMN "public_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "executables" ADD COLUMN "private_submission" "private_submission" DEFAULT 'auto' NOT NULL;