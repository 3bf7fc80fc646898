CREATE TABLE "announcement_reads" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"announcement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_reads_tenant_id_announcement_id_user_id_pk" PRIMARY KEY("tenant_id","announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"titile" varchar(100) NOT NULL,
	"msg_content" text DEFAULT '' NOT NULL,
	"msg_abstract" varchar(500) DEFAULT '' NOT NULL,
	"priority" varchar(1) DEFAULT 'M' NOT NULL,
	"msg_category" varchar(1) DEFAULT '1' NOT NULL,
	"msg_type" varchar(8) DEFAULT 'ALL' NOT NULL,
	"role_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"send_status" varchar(1) DEFAULT '0' NOT NULL,
	"send_time" timestamp with time zone,
	"revoke_time" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "announcements_priority_check" CHECK ("announcements"."priority" in ('L', 'M', 'H')),
	CONSTRAINT "announcements_category_check" CHECK ("announcements"."msg_category" in ('1', '2')),
	CONSTRAINT "announcements_type_check" CHECK ("announcements"."msg_type" in ('ALL', 'ROLE', 'USER')),
	CONSTRAINT "announcements_status_check" CHECK ("announcements"."send_status" in ('0', '1', '2')),
	CONSTRAINT "announcements_released_check" CHECK ("announcements"."send_status" = '0' or "announcements"."send_time" is not null)
);
--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_tenant_id_announcement_id_announcements_tenant_id_id_fk" FOREIGN KEY ("tenant_id","announcement_id") REFERENCES "public"."announcements"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_reads_user_idx" ON "announcement_reads" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "announcements_status_idx" ON "announcements" USING btree ("tenant_id","send_status","send_time");--> statement-breakpoint
SELECT app_secure_tenant_tables();
