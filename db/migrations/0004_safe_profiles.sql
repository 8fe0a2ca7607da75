CREATE TYPE "public"."safe_transaction_purpose" AS ENUM('enable_module', 'disable_module');--> statement-breakpoint
CREATE TYPE "public"."safe_transaction_state" AS ENUM('collecting', 'executed', 'stale', 'cancelled');--> statement-breakpoint
CREATE TABLE "safe_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"purpose" "safe_transaction_purpose" NOT NULL,
	"state" "safe_transaction_state" NOT NULL,
	"chain_id" integer NOT NULL,
	"safe" text NOT NULL,
	"to" text NOT NULL,
	"value" text NOT NULL,
	"data" text NOT NULL,
	"operation" integer NOT NULL,
	"nonce" text NOT NULL,
	"safe_tx_hash" text NOT NULL,
	"signatures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"replaced_by" text,
	"executed_tx_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "executor" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "safe_state" jsonb;--> statement-breakpoint
ALTER TABLE "safe_transactions" ADD CONSTRAINT "safe_transactions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_transactions" ADD CONSTRAINT "safe_transactions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safe_transactions_profile_idx" ON "safe_transactions" USING btree ("profile_id","id");