CREATE TYPE "public"."broadcast_kind" AS ENUM('original', 'replacement', 'cancellation');--> statement-breakpoint
CREATE TYPE "public"."broadcast_state" AS ENUM('signed', 'sent', 'refused');--> statement-breakpoint
ALTER TYPE "public"."alert_kind" ADD VALUE 'fee_cap_held';--> statement-breakpoint
ALTER TYPE "public"."alert_kind" ADD VALUE 'nonce_blocked';--> statement-breakpoint
CREATE TABLE "transaction_broadcasts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"execution_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"sender" text NOT NULL,
	"nonce" bigint NOT NULL,
	"kind" "broadcast_kind" NOT NULL,
	"tx_hash" text NOT NULL,
	"raw" text NOT NULL,
	"gas_limit" text NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"max_priority_fee_per_gas" text NOT NULL,
	"state" "broadcast_state" DEFAULT 'signed' NOT NULL,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"send_count" integer DEFAULT 0 NOT NULL,
	"mined_block" bigint
);
--> statement-breakpoint
ALTER TABLE "executables" ADD COLUMN "max_fee_per_gas" text;--> statement-breakpoint
ALTER TABLE "executables" ADD COLUMN "max_cost_per_run" text;--> statement-breakpoint
ALTER TABLE "executables" ADD COLUMN "fee_held_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "executables" ADD COLUMN "fee_hold_required" text;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "watch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transaction_broadcasts" ADD CONSTRAINT "transaction_broadcasts_execution_id_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_broadcasts_hash_key" ON "transaction_broadcasts" USING btree ("execution_id","tx_hash");--> statement-breakpoint
CREATE INDEX "transaction_broadcasts_sender_idx" ON "transaction_broadcasts" USING btree ("chain_id","sender","nonce");--> statement-breakpoint
CREATE INDEX "transaction_broadcasts_execution_idx" ON "transaction_broadcasts" USING btree ("execution_id","id");--> statement-breakpoint
CREATE INDEX "executables_fee_held_idx" ON "executables" USING btree ("profile_id") WHERE fee_held_since is not null;--> statement-breakpoint
CREATE INDEX "executions_watch_idx" ON "executions" USING btree ("watch_at") WHERE status = 'submitted';