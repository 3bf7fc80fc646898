CREATE TABLE "logistics_channels" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"company_name" varchar(128) DEFAULT '' NOT NULL,
	"company_code" varchar(32) DEFAULT '' NOT NULL,
	"platform" varchar(16),
	"carrier" varchar(16),
	"auth_status" varchar(16) DEFAULT 'unauthorised' NOT NULL,
	"auth_error" varchar(64) DEFAULT '' NOT NULL,
	"secrets" "bytea",
	"key_hint" varchar(8) DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"warehouse_ids" uuid[],
	"shop_ids" uuid[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logistics_channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "logistics_channels_name_key" UNIQUE("tenant_id","name"),
	CONSTRAINT "logistics_channels_kind_check" CHECK (("logistics_channels"."kind" = 'marketplace' and "logistics_channels"."platform" is not null and "logistics_channels"."carrier" is null)
        or ("logistics_channels"."kind" = 'carrier' and "logistics_channels"."carrier" is not null and "logistics_channels"."platform" is null))
);
--> statement-breakpoint
CREATE TABLE "order_picks" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"order_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"picked_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_picks_tenant_id_order_id_line_id_location_id_pk" PRIMARY KEY("tenant_id","order_id","line_id","location_id"),
	CONSTRAINT "order_picks_quantity_check" CHECK ("order_picks"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "waybill_batch_items" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"batch_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"outcome" varchar(16) DEFAULT 'pending' NOT NULL,
	"error_code" varchar(64) DEFAULT '' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" varchar(500) DEFAULT '' NOT NULL,
	CONSTRAINT "waybill_batch_items_tenant_id_batch_id_order_id_pk" PRIMARY KEY("tenant_id","batch_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "waybill_batches" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(16) NOT NULL,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"channel_id" uuid,
	"total" integer NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"pdf" "bytea",
	"error_message" varchar(500) DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "waybill_batches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "waybill_labels" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"waybill_id" uuid NOT NULL,
	"pdf" "bytea" NOT NULL,
	"pages" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waybill_labels_tenant_id_waybill_id_pk" PRIMARY KEY("tenant_id","waybill_id")
);
--> statement-breakpoint
CREATE TABLE "waybills" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"channel_id" uuid,
	"arrange_status" varchar(16) DEFAULT 'to_arrange' NOT NULL,
	"tracking_no" varchar(64) DEFAULT '' NOT NULL,
	"carrier_name" varchar(128) DEFAULT '' NOT NULL,
	"sort_code" varchar(32) DEFAULT '' NOT NULL,
	"arrange_error" varchar(64) DEFAULT '' NOT NULL,
	"arrange_message" varchar(500) DEFAULT '' NOT NULL,
	"arrange_attempts" integer DEFAULT 0 NOT NULL,
	"label_status" varchar(16) DEFAULT 'none' NOT NULL,
	"label_error" varchar(64) DEFAULT '' NOT NULL,
	"label_message" varchar(500) DEFAULT '' NOT NULL,
	"label_attempts" integer DEFAULT 0 NOT NULL,
	"label_source" varchar(16) DEFAULT '' NOT NULL,
	"weight_grams" integer,
	"print_count" integer DEFAULT 0 NOT NULL,
	"printed_at" timestamp with time zone,
	"tracking_pushed_at" timestamp with time zone,
	"push_error" varchar(500) DEFAULT '' NOT NULL,
	"arranged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waybills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "waybills_order_key" UNIQUE("tenant_id","order_id"),
	CONSTRAINT "waybills_channel_check" CHECK ("waybills"."channel_id" is not null or "waybills"."arrange_status" = 'self_shipped')
);
--> statement-breakpoint
ALTER TABLE "order_picks" ADD CONSTRAINT "order_picks_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybill_batch_items" ADD CONSTRAINT "waybill_batch_items_batch_fk" FOREIGN KEY ("tenant_id","batch_id") REFERENCES "public"."waybill_batches"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybill_labels" ADD CONSTRAINT "waybill_labels_waybill_fk" FOREIGN KEY ("tenant_id","waybill_id") REFERENCES "public"."waybills"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_channel_fk" FOREIGN KEY ("tenant_id","channel_id") REFERENCES "public"."logistics_channels"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waybill_batch_items_position_idx" ON "waybill_batch_items" USING btree ("tenant_id","batch_id","position");--> statement-breakpoint
CREATE INDEX "waybill_batches_creator_idx" ON "waybill_batches" USING btree ("tenant_id","created_by","created_at");--> statement-breakpoint
CREATE INDEX "waybills_tracking_idx" ON "waybills" USING btree ("tenant_id","tracking_no") WHERE "waybills"."tracking_no" <> '';--> statement-breakpoint
CREATE INDEX "waybills_channel_idx" ON "waybills" USING btree ("tenant_id","channel_id");