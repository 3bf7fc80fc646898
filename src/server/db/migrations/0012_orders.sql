CREATE TABLE "order_counters" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"day" date NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counters_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "order_exceptions" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" varchar(32) NOT NULL,
	"note" varchar(255) DEFAULT '' NOT NULL,
	"shortages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raised_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" varchar(32) DEFAULT '' NOT NULL,
	CONSTRAINT "order_exceptions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"item_id" varchar(255) DEFAULT '' NOT NULL,
	"variation_id" varchar(255) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "order_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "order_lines_order_key" UNIQUE("tenant_id","order_id","id"),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_price_check" CHECK ("order_lines"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_reservations" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"state" varchar(16) DEFAULT 'active' NOT NULL,
	"reserve_movement_id" bigint,
	"end_movement_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_reservations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "order_reservations_quantity_check" CHECK ("order_reservations"."quantity" > 0),
	CONSTRAINT "order_reservations_state_check" CHECK ("order_reservations"."state" in ('active', 'released', 'consumed'))
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" bigserial NOT NULL,
	"order_id" uuid NOT NULL,
	"field" varchar(16) NOT NULL,
	"from_status" varchar(32),
	"to_status" varchar(32) NOT NULL,
	"note" varchar(255) DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "order_status_history_field_check" CHECK ("order_status_history"."field" in ('local', 'warehouse', 'platform'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_no" varchar(64) NOT NULL,
	"system_no" varchar(32) NOT NULL,
	"seller_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"platform" varchar(16) NOT NULL,
	"shop_id" varchar(255) DEFAULT '' NOT NULL,
	"shop_name" varchar(255) DEFAULT '' NOT NULL,
	"order_type" varchar(16) DEFAULT 'stock' NOT NULL,
	"platform_status" varchar(32) DEFAULT '' NOT NULL,
	"local_status" varchar(24) NOT NULL,
	"warehouse_status" varchar(16) DEFAULT 'none' NOT NULL,
	"buyer_name" varchar(255) DEFAULT '' NOT NULL,
	"recipient_name" varchar(255) DEFAULT '' NOT NULL,
	"recipient_phone" varchar(32) DEFAULT '' NOT NULL,
	"recipient_address" varchar(500) DEFAULT '' NOT NULL,
	"buyer_message" varchar(1000) DEFAULT '' NOT NULL,
	"seller_note" varchar(1000) DEFAULT '' NOT NULL,
	"warehouse_note" varchar(1000) DEFAULT '' NOT NULL,
	"transfer_note" varchar(1000) DEFAULT '' NOT NULL,
	"express_note" varchar(1000) DEFAULT '' NOT NULL,
	"ship_by" timestamp with time zone,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"tracking_no" varchar(64) DEFAULT '' NOT NULL,
	"logistics_channel" varchar(255) DEFAULT '' NOT NULL,
	"parcel_type" varchar(16) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"is_printed" boolean DEFAULT false NOT NULL,
	"is_picked" boolean DEFAULT false NOT NULL,
	"is_packed" boolean DEFAULT false NOT NULL,
	"is_refunded" boolean DEFAULT false NOT NULL,
	"is_charged" boolean DEFAULT false NOT NULL,
	"is_reissued" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"open_exceptions" integer DEFAULT 0 NOT NULL,
	"merged_into_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "orders_system_no_key" UNIQUE("tenant_id","system_no"),
	CONSTRAINT "orders_shop_order_key" UNIQUE("tenant_id","seller_id","platform","shop_id","order_no"),
	CONSTRAINT "orders_seller_key" UNIQUE("tenant_id","id","seller_id"),
	CONSTRAINT "orders_open_exceptions_check" CHECK ("orders"."open_exceptions" >= 0),
	CONSTRAINT "orders_type_check" CHECK ("orders"."order_type" in ('stock', 'express', 'combined', 'test_purchase', 'distribution'))
);
--> statement-breakpoint
ALTER TABLE "order_exceptions" ADD CONSTRAINT "order_exceptions_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_seller_fk" FOREIGN KEY ("tenant_id","order_id","seller_id") REFERENCES "public"."orders"("tenant_id","id","seller_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_sku_fk" FOREIGN KEY ("tenant_id","sku_id","seller_id") REFERENCES "public"."skus"("tenant_id","id","seller_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reservations" ADD CONSTRAINT "order_reservations_line_fk" FOREIGN KEY ("tenant_id","order_id","line_id") REFERENCES "public"."order_lines"("tenant_id","order_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reservations" ADD CONSTRAINT "order_reservations_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_fk" FOREIGN KEY ("tenant_id","seller_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merged_into_fk" FOREIGN KEY ("tenant_id","merged_into_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_exceptions_order_idx" ON "order_exceptions" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_exceptions_open_key" ON "order_exceptions" USING btree ("tenant_id","order_id","reason") WHERE "order_exceptions"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("tenant_id","order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_sku_idx" ON "order_lines" USING btree ("tenant_id","sku_id");--> statement-breakpoint
CREATE INDEX "order_reservations_order_idx" ON "order_reservations" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "order_reservations_active_sku_idx" ON "order_reservations" USING btree ("tenant_id","sku_id","warehouse_id") WHERE "order_reservations"."state" = 'active';--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("tenant_id","order_id","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("tenant_id","local_status","ordered_at");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("tenant_id","seller_id","local_status","ordered_at");--> statement-breakpoint
CREATE INDEX "orders_warehouse_idx" ON "orders" USING btree ("tenant_id","warehouse_id","local_status","ordered_at");--> statement-breakpoint
CREATE INDEX "orders_order_no_idx" ON "orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "orders_tracking_idx" ON "orders" USING btree ("tenant_id","tracking_no") WHERE "orders"."tracking_no" <> '';--> statement-breakpoint
CREATE INDEX "orders_problem_idx" ON "orders" USING btree ("tenant_id","ordered_at") WHERE "orders"."open_exceptions" > 0;--> statement-breakpoint
CREATE INDEX "orders_ship_by_idx" ON "orders" USING btree ("tenant_id","ship_by") WHERE "orders"."local_status" in ('to_review', 'pending_shipment');