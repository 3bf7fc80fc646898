CREATE TABLE "count_counters" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"day" date NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "count_counters_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "count_orders" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"count_no" varchar(32) NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"type" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'to_count' NOT NULL,
	"assignee_id" uuid,
	"note" varchar(255) DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"started_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "count_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "count_orders_type_check" CHECK ("count_orders"."type" in ('product', 'warehouse', 'location')),
	CONSTRAINT "count_orders_status_check" CHECK ("count_orders"."status" in ('to_count', 'counting', 'counted'))
);
--> statement-breakpoint
CREATE TABLE "count_order_skus" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"count_order_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	CONSTRAINT "count_order_skus_tenant_id_count_order_id_sku_id_pk" PRIMARY KEY("tenant_id","count_order_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "count_locations" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"count_order_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"counted_at" timestamp with time zone,
	"counted_by" uuid,
	"ledger_position" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "count_locations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "count_locations_status_check" CHECK ("count_locations"."status" in ('pending', 'counted', 'recount'))
);
--> statement-breakpoint
CREATE TABLE "count_lines" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"count_order_id" uuid NOT NULL,
	"count_location_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"counted_quantity" integer NOT NULL,
	"book_quantity" integer NOT NULL,
	"moved_since" integer DEFAULT 0 NOT NULL,
	"variance" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"round" integer NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"correction_movement_id" bigint,
	"affected_orders" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "count_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "count_lines_state_check" CHECK ("count_lines"."state" in ('no_variance', 'pending', 'passed', 'rejected')),
	CONSTRAINT "count_lines_counted_check" CHECK ("count_lines"."counted_quantity" >= 0),
	CONSTRAINT "count_lines_variance_check" CHECK ("count_lines"."variance" = "count_lines"."counted_quantity" - "count_lines"."book_quantity")
);
--> statement-breakpoint
ALTER TABLE "count_orders" ADD CONSTRAINT "count_orders_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_order_skus" ADD CONSTRAINT "count_order_skus_order_fk" FOREIGN KEY ("tenant_id","count_order_id") REFERENCES "public"."count_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_order_skus" ADD CONSTRAINT "count_order_skus_sku_fk" FOREIGN KEY ("tenant_id","sku_id") REFERENCES "public"."skus"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_locations" ADD CONSTRAINT "count_locations_order_fk" FOREIGN KEY ("tenant_id","count_order_id") REFERENCES "public"."count_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_locations" ADD CONSTRAINT "count_locations_location_fk" FOREIGN KEY ("tenant_id","warehouse_id","location_id") REFERENCES "public"."warehouse_locations"("tenant_id","warehouse_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_location_fk" FOREIGN KEY ("tenant_id","count_location_id") REFERENCES "public"."count_locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_sku_fk" FOREIGN KEY ("tenant_id","sku_id","seller_id") REFERENCES "public"."skus"("tenant_id","id","seller_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "count_orders_no_key" ON "count_orders" USING btree ("tenant_id","count_no");--> statement-breakpoint
CREATE INDEX "count_orders_list_idx" ON "count_orders" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "count_locations_key" ON "count_locations" USING btree ("tenant_id","count_order_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "count_lines_key" ON "count_lines" USING btree ("tenant_id","count_location_id","sku_id");--> statement-breakpoint
CREATE INDEX "count_lines_order_idx" ON "count_lines" USING btree ("tenant_id","count_order_id");--> statement-breakpoint
-- Finding what moved on a location since a count: movements by location and time.
CREATE INDEX "stock_movements_from_location_idx" ON "stock_movements" USING btree ("tenant_id","from_location_id","created_at") WHERE "from_location_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_to_location_idx" ON "stock_movements" USING btree ("tenant_id","to_location_id","created_at") WHERE "to_location_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"from_warehouse_id" uuid NOT NULL,
	"to_warehouse_id" uuid NOT NULL,
	"status" varchar(16) DEFAULT 'to_audit' NOT NULL,
	"stage" varchar(16) DEFAULT 'waiting' NOT NULL,
	"note" varchar(255) DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"auditor_id" uuid,
	"audited_at" timestamp with time zone,
	"refuse_reason" varchar(255) DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_transfers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_transfers_status_check" CHECK ("stock_transfers"."status" in ('to_audit', 'audited', 'refused')),
	CONSTRAINT "stock_transfers_stage_check" CHECK ("stock_transfers"."stage" in ('waiting', 'in_transit', 'received')),
	CONSTRAINT "stock_transfers_warehouses_check" CHECK ("stock_transfers"."from_warehouse_id" <> "stock_transfers"."to_warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"from_location_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_transfer_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_transfer_lines_quantity_check" CHECK ("stock_transfer_lines"."quantity" > 0),
	CONSTRAINT "stock_transfer_lines_received_check" CHECK ("stock_transfer_lines"."received_quantity" >= 0 and "stock_transfer_lines"."received_quantity" <= "stock_transfer_lines"."quantity")
);
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_fk" FOREIGN KEY ("tenant_id","from_warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_fk" FOREIGN KEY ("tenant_id","to_warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_fk" FOREIGN KEY ("tenant_id","transfer_id") REFERENCES "public"."stock_transfers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_sku_fk" FOREIGN KEY ("tenant_id","sku_id","seller_id") REFERENCES "public"."skus"("tenant_id","id","seller_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfers_batch_key" ON "stock_transfers" USING btree ("tenant_id","batch_no");--> statement-breakpoint
CREATE INDEX "stock_transfers_list_idx" ON "stock_transfers" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_transfer_idx" ON "stock_transfer_lines" USING btree ("tenant_id","transfer_id");
