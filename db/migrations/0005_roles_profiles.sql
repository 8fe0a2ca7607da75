ALTER TYPE "public"."safe_transaction_purpose" ADD VALUE 'setup_roles';--> statement-breakpoint
ALTER TYPE "public"."safe_transaction_purpose" ADD VALUE 'change_role';--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "roles_since_block" bigint;--> statement-breakpoint
ALTER TABLE "safe_transactions" ADD COLUMN "scope" jsonb;