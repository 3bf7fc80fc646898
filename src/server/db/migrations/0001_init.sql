CREATE TABLE "tenant_domains" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"domain" varchar(253) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"title" varchar(128) NOT NULL,
	"logo" varchar(512),
	"icon_url" varchar(512),
	"home_url" varchar(512),
	"home_img" varchar(512),
	"friend_name" varchar(128),
	"friend_link" varchar(512),
	"help_link" varchar(512),
	"beianhao" varchar(128),
	"chat_js" text,
	"show_agent_link" boolean DEFAULT false NOT NULL,
	"web_site" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_agent_code_unique" UNIQUE("agent_code")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"org_code" varchar(64) NOT NULL,
	"depart_name" varchar(128) NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"description" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "departments_org_code_key" UNIQUE("tenant_id","org_code")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"catalog_key" varchar(128),
	"name" varchar(128) NOT NULL,
	"titles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"url" varchar(255),
	"component" varchar(128),
	"component_name" varchar(128),
	"redirect" varchar(255),
	"menu_type" smallint NOT NULL,
	"perms" varchar(128),
	"perms_type" varchar(8) DEFAULT '1' NOT NULL,
	"icon" varchar(64),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"is_route" boolean DEFAULT true NOT NULL,
	"is_leaf" boolean DEFAULT true NOT NULL,
	"keep_alive" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"always_show" boolean DEFAULT false NOT NULL,
	"internal_or_external" boolean DEFAULT false NOT NULL,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permissions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"role_id" uuid NOT NULL,
	"permission_id" uuid NOT NULL,
	CONSTRAINT "role_permissions_tenant_id_role_id_permission_id_pk" PRIMARY KEY("tenant_id","role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"role_code" varchar(64) NOT NULL,
	"role_name" varchar(128) NOT NULL,
	"description" varchar(500),
	"seller_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"org_code" varchar(64),
	"ip" varchar(64),
	"user_agent" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"phone" varchar(16) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sms_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_departs" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"user_id" uuid NOT NULL,
	"depart_id" uuid NOT NULL,
	CONSTRAINT "user_departs_tenant_id_user_id_depart_id_pk" PRIMARY KEY("tenant_id","user_id","depart_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "user_roles_tenant_id_user_id_role_id_pk" PRIMARY KEY("tenant_id","user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(32) NOT NULL,
	"realname" varchar(64) NOT NULL,
	"nickname" varchar(64) DEFAULT '' NOT NULL,
	"avatar" varchar(512),
	"phone" varchar(16),
	"email" varchar(128),
	"password_hash" text NOT NULL,
	"user_role" varchar(32) NOT NULL,
	"seller_id" uuid,
	"org_code" varchar(64),
	"status" smallint DEFAULT 1 NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"language" varchar(8),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"dict_id" uuid NOT NULL,
	"item_value" varchar(64) NOT NULL,
	"item_text" varchar(128) NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" varchar(500),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "dict_items_value_key" UNIQUE("tenant_id","dict_id","item_value")
);
--> statement-breakpoint
CREATE TABLE "dicts" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"dict_code" varchar(64) NOT NULL,
	"dict_name" varchar(128) NOT NULL,
	"description" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dicts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "dicts_code_key" UNIQUE("tenant_id","dict_code")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(200) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sys_logs" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"log_type" smallint NOT NULL,
	"user_id" uuid,
	"username" varchar(32),
	"ip" varchar(64),
	"content" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenant_domains" ADD CONSTRAINT "tenant_domains_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_tenant_id_parent_id_departments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."departments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_tenant_id_parent_id_permissions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."permissions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_tenant_id_role_id_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_tenant_id_permission_id_permissions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","permission_id") REFERENCES "public"."permissions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_tenant_id_seller_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","seller_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_departs" ADD CONSTRAINT "user_departs_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_departs" ADD CONSTRAINT "user_departs_tenant_id_depart_id_departments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","depart_id") REFERENCES "public"."departments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_tenant_id_role_id_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_seller_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","seller_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_tenant_id_dict_id_dicts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","dict_id") REFERENCES "public"."dicts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_domains_domain_key" ON "tenant_domains" USING btree (lower("domain"));--> statement-breakpoint
CREATE INDEX "tenant_domains_tenant_idx" ON "tenant_domains" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_catalog_key" ON "permissions" USING btree ("tenant_id","catalog_key");--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_perms_key" ON "permissions" USING btree ("tenant_id","perms") WHERE "permissions"."perms" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_code_key" ON "roles" USING btree ("tenant_id",coalesce("seller_id", '00000000-0000-0000-0000-000000000000'::uuid),"role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("tenant_id","phone","purpose","created_at");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("tenant_id","role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("tenant_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("tenant_id","phone") WHERE "users"."phone" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("tenant_id",lower("email")) WHERE "users"."email" is not null;--> statement-breakpoint
CREATE INDEX "users_seller_idx" ON "users" USING btree ("tenant_id","seller_id");--> statement-breakpoint
CREATE INDEX "sys_logs_time_idx" ON "sys_logs" USING btree ("tenant_id","log_type","created_at");