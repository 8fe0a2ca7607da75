CREATE TYPE "public"."plan" AS ENUM('free', 'pro', 'enterprise');--> statement-breakpoint
CREATE TYPE "public"."member_role" AS ENUM('owner', 'admin', 'member');--> statement-breakpoint
CREATE TYPE "public"."cli_login_status" AS ENUM('pending', 'approved', 'denied', 'consumed');--> statement-breakpoint
CREATE TYPE "public"."idempotency_state" AS ENUM('in_progress', 'done');--> statement-breakpoint
CREATE TYPE "public"."executable_state" AS ENUM('provisioning', 'active', 'paused', 'error', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."gas_mode" AS ENUM('sponsored', 'self', 'self-funded');--> statement-breakpoint
CREATE TYPE "public"."sandbox_runtime" AS ENUM('daytona', 'gvisor');--> statement-breakpoint
CREATE TYPE "public"."sponsorship_provider" AS ENUM('pimlico', 'alchemy');--> statement-breakpoint
CREATE TYPE "public"."execution_status" AS ENUM('pending', 'running', 'simulating', 'submitted', 'confirmed', 'failed', 'skipped', 'submitted_unknown');--> statement-breakpoint
CREATE TYPE "public"."execution_trigger" AS ENUM('schedule', 'webhook', 'manual', 'simulate');--> statement-breakpoint
CREATE TYPE "public"."profile_kind" AS ENUM('legacy', 'safe', 'roles');--> statement-breakpoint
CREATE TYPE "public"."profile_state" AS ENUM('pending', 'active', 'archived');--> statement-breakpoint
CREATE TYPE "public"."project_environment" AS ENUM('production', 'development');--> statement-breakpoint
CREATE TYPE "public"."webhook_state" AS ENUM('active', 'revoked');--> statement-breakpoint
CREATE TABLE "memberships" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" "member_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"address" text,
	"github_id" text,
	"name" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"plan" "plan" DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"workspace_id" text,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cli_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code" text NOT NULL,
	"client_name" text NOT NULL,
	"status" "cli_login_status" DEFAULT 'pending' NOT NULL,
	"workspace_id" text,
	"approved_by" text,
	"api_key_id" text,
	"last_polled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"credential_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" "idempotency_state" DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "executable_storage" (
	"executable_id" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"value" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "executables" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"function_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"name" text NOT NULL,
	"state" "executable_state" DEFAULT 'provisioning' NOT NULL,
	"state_reason" text,
	"trigger" jsonb NOT NULL,
	"next_run_at" timestamp with time zone,
	"args" text DEFAULT '{}' NOT NULL,
	"secret_bindings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gas_mode" "gas_mode" DEFAULT 'self' NOT NULL,
	"gas_fallback" boolean DEFAULT false NOT NULL,
	"sponsorship_provider" "sponsorship_provider",
	"sandbox_runtime" "sandbox_runtime" DEFAULT 'daytona' NOT NULL,
	"sandbox_ref" text,
	"pinned" boolean DEFAULT false NOT NULL,
	"pending_function_switch" jsonb,
	"last_function_switch_error" jsonb,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "execution_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"execution_id" text NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "executions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"executable_id" text NOT NULL,
	"function_id" text NOT NULL,
	"status" "execution_status" DEFAULT 'pending' NOT NULL,
	"trigger" "execution_trigger" NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"webhook_id" text,
	"args" text,
	"chain_id" integer NOT NULL,
	"message" text,
	"error" jsonb,
	"calls" jsonb,
	"tx_hash" text,
	"user_op_hash" text,
	"nonce" bigint,
	"gas_used" text,
	"effective_gas_price" text,
	"block_number" bigint,
	"compute_units" integer DEFAULT 0 NOT NULL,
	"rpc_requests" integer DEFAULT 0 NOT NULL,
	"storage_snapshot" jsonb,
	"scheduled_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"id" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"bytes" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "function_releases" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"version_tag" text NOT NULL,
	"checksum" text NOT NULL,
	"blob_id" text NOT NULL,
	"args_schema" text,
	"defined_callbacks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permissions" jsonb,
	"created_by" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"kind" "profile_kind" NOT NULL,
	"state" "profile_state" NOT NULL,
	"name" text NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"encrypted_key" text,
	"roles_modifier" text,
	"role_key" text,
	"state_reason" text,
	"shared_from_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"environment" "project_environment" DEFAULT 'production' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"ciphertext" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"workspace_id" text NOT NULL,
	"day" date NOT NULL,
	"compute_units" integer DEFAULT 0 NOT NULL,
	"executions" integer DEFAULT 0 NOT NULL,
	"rpc_requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_workspace_id_day_pk" PRIMARY KEY("workspace_id","day")
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"executable_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"state" "webhook_state" DEFAULT 'active' NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cli_logins" ADD CONSTRAINT "cli_logins_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cli_logins" ADD CONSTRAINT "cli_logins_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cli_logins" ADD CONSTRAINT "cli_logins_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executable_storage" ADD CONSTRAINT "executable_storage_executable_id_executables_id_fk" FOREIGN KEY ("executable_id") REFERENCES "public"."executables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executables" ADD CONSTRAINT "executables_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executables" ADD CONSTRAINT "executables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executables" ADD CONSTRAINT "executables_function_id_function_releases_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."function_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executables" ADD CONSTRAINT "executables_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_logs" ADD CONSTRAINT "execution_logs_execution_id_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_executable_id_executables_id_fk" FOREIGN KEY ("executable_id") REFERENCES "public"."executables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_releases" ADD CONSTRAINT "function_releases_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_releases" ADD CONSTRAINT "function_releases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_releases" ADD CONSTRAINT "function_releases_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_releases" ADD CONSTRAINT "function_releases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secrets" ADD CONSTRAINT "secrets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secrets" ADD CONSTRAINT "secrets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_executable_id_executables_id_fk" FOREIGN KEY ("executable_id") REFERENCES "public"."executables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_address_key" ON "users" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "users_github_id_key" ON "users" USING btree ("github_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_slug_key" ON "workspaces" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_token_hash_key" ON "api_keys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "api_keys_workspace_idx" ON "api_keys" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cli_logins_device_code_key" ON "cli_logins" USING btree ("device_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "cli_logins_user_code_pending_key" ON "cli_logins" USING btree ("user_code") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_records_key" ON "idempotency_records" USING btree ("credential_id","workspace_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_records_expires_idx" ON "idempotency_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "executables_project_idx" ON "executables" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "executables_due_idx" ON "executables" USING btree ("next_run_at") WHERE state = 'active';--> statement-breakpoint
CREATE INDEX "executables_workspace_idx" ON "executables" USING btree ("workspace_id") WHERE state <> 'deleted';--> statement-breakpoint
CREATE INDEX "execution_logs_execution_idx" ON "execution_logs" USING btree ("execution_id","id");--> statement-breakpoint
CREATE INDEX "executions_executable_idx" ON "executions" USING btree ("executable_id","id");--> statement-breakpoint
CREATE INDEX "executions_project_idx" ON "executions" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "executions_project_status_idx" ON "executions" USING btree ("project_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "executions_active_key" ON "executions" USING btree ("executable_id") WHERE status in ('pending', 'running', 'simulating', 'submitted');--> statement-breakpoint
CREATE UNIQUE INDEX "blobs_sha256_key" ON "blobs" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "function_releases_tag_key" ON "function_releases" USING btree ("project_id","name","version_tag");--> statement-breakpoint
CREATE INDEX "function_releases_project_idx" ON "function_releases" USING btree ("project_id","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "function_releases_workspace_created_idx" ON "function_releases" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "profiles_project_idx" ON "profiles" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "profiles_address_idx" ON "profiles" USING btree ("chain_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_workspace_slug_key" ON "projects" USING btree ("workspace_id","slug");--> statement-breakpoint
CREATE INDEX "projects_workspace_idx" ON "projects" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "secrets_project_name_key" ON "secrets" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "secrets_project_idx" ON "secrets" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_secret_hash_key" ON "webhooks" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "webhooks_executable_idx" ON "webhooks" USING btree ("executable_id","id");