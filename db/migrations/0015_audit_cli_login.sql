ALTER TYPE "public"."credential_kind" ADD VALUE 'cli_login';--> statement-breakpoint
CREATE INDEX "cli_logins_api_key_idx" ON "cli_logins" USING btree ("api_key_id");