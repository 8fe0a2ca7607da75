CREATE TABLE "storage_versions" (
	"executable_id" text NOT NULL,
	"version" integer NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_versions_executable_id_version_pk" PRIMARY KEY("executable_id","version")
);
--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "read_block" bigint;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "storage_version" integer;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "callback" jsonb;--> statement-breakpoint
ALTER TABLE "function_releases" ADD COLUMN "limits" jsonb;--> statement-breakpoint
ALTER TABLE "function_releases" ADD COLUMN "default_args" text;--> statement-breakpoint
ALTER TABLE "storage_versions" ADD CONSTRAINT "storage_versions_executable_id_executables_id_fk" FOREIGN KEY ("executable_id") REFERENCES "public"."executables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_versions_created_idx" ON "storage_versions" USING btree ("created_at");