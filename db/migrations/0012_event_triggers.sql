CREATE TYPE "public"."trigger_event_status" AS ENUM('waiting', 'ready', 'dispatched', 'dropped');--> statement-breakpoint
ALTER TYPE "public"."execution_trigger" ADD VALUE 'event';--> statement-breakpoint
ALTER TYPE "public"."execution_trigger" ADD VALUE 'block';--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"head_number" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_events" (
	"id" text PRIMARY KEY NOT NULL,
	"executable_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "trigger_event_status" DEFAULT 'waiting' NOT NULL,
	"ready_at" bigint NOT NULL,
	"execution_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "trigger_event_id" text;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "finality" text;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "finality_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trigger_events" ADD CONSTRAINT "trigger_events_executable_id_executables_id_fk" FOREIGN KEY ("executable_id") REFERENCES "public"."executables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_events_key" ON "trigger_events" USING btree ("executable_id","chain_id","block_hash","log_index");--> statement-breakpoint
CREATE INDEX "trigger_events_queue_idx" ON "trigger_events" USING btree ("executable_id","block_number","log_index") WHERE status in ('waiting', 'ready');--> statement-breakpoint
CREATE INDEX "trigger_events_chain_idx" ON "trigger_events" USING btree ("chain_id","block_number") WHERE status in ('waiting', 'ready');--> statement-breakpoint
CREATE UNIQUE INDEX "executions_trigger_event_key" ON "executions" USING btree ("trigger_event_id");--> statement-breakpoint
CREATE INDEX "executions_finality_idx" ON "executions" USING btree ("chain_id","block_number") WHERE status = 'confirmed' and finality is null;