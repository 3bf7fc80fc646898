CREATE TABLE "download_tasks" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(32) NOT NULL,
	"filters" jsonb NOT NULL,
	"actor" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"file_key" varchar(200),
	"file_name" varchar(200),
	"file_bytes" integer,
	"row_count" integer,
	"error_code" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "download_tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "download_tasks_status_check" CHECK ("download_tasks"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "download_tasks_progress_check" CHECK ("download_tasks"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "download_tasks" ADD CONSTRAINT "download_tasks_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_tasks_user_idx" ON "download_tasks" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "download_tasks_expiry_idx" ON "download_tasks" USING btree ("expires_at");