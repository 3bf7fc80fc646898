CREATE TABLE "order_questions" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"ordersn" varchar(64) NOT NULL,
	"seller_id" uuid NOT NULL,
	"note" varchar(1000) NOT NULL,
	"question_flag" smallint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_questions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "order_questions_flag_check" CHECK ("order_questions"."question_flag" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "tutorial_videos" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"audience" varchar(16) NOT NULL,
	"title" varchar(128) NOT NULL,
	"url" varchar(512) NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutorial_videos_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "tutorial_videos_audience_check" CHECK ("tutorial_videos"."audience" in ('seller', 'warehouse'))
);
--> statement-breakpoint
ALTER TABLE "order_questions" ADD CONSTRAINT "order_questions_tenant_id_seller_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","seller_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_questions_flag_idx" ON "order_questions" USING btree ("tenant_id","question_flag","created_at");--> statement-breakpoint
CREATE INDEX "order_questions_seller_idx" ON "order_questions" USING btree ("tenant_id","seller_id","question_flag","created_at");--> statement-breakpoint
CREATE INDEX "tutorial_videos_audience_idx" ON "tutorial_videos" USING btree ("tenant_id","audience","sort_no");--> statement-breakpoint
SELECT app_secure_tenant_tables();
