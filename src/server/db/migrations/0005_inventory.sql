CREATE TABLE "warehouse_locations" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"partition_id" uuid,
	"code" varchar(32) NOT NULL,
	"location_type" varchar(16) NOT NULL,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_locations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "warehouse_locations_code_key" UNIQUE("tenant_id","warehouse_id","code"),
	CONSTRAINT "warehouse_locations_warehouse_key" UNIQUE("tenant_id","warehouse_id","id"),
	CONSTRAINT "warehouse_locations_type_check" CHECK ("warehouse_locations"."location_type" in ('receiving', 'storage', 'picking', 'returns', 'damaged')),
	CONSTRAINT "warehouse_locations_capacity_check" CHECK ("warehouse_locations"."capacity" is null or "warehouse_locations"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "warehouse_partitions" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_partitions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "warehouse_partitions_code_key" UNIQUE("tenant_id","warehouse_id","code"),
	CONSTRAINT "warehouse_partitions_warehouse_key" UNIQUE("tenant_id","warehouse_id","id")
);
--> statement-breakpoint
CREATE TABLE "warehouse_staff" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_staff_tenant_id_warehouse_id_user_id_pk" PRIMARY KEY("tenant_id","warehouse_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"country" varchar(2) NOT NULL,
	"address" varchar(500) DEFAULT '' NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"contact_name" varchar(64) DEFAULT '' NOT NULL,
	"contact_phone" varchar(32) DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "warehouses_code_key" UNIQUE("tenant_id","code")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"name" varchar(200) NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"hs_code" varchar(16) DEFAULT '' NOT NULL,
	"declared_name" varchar(128) DEFAULT '' NOT NULL,
	"declared_value" integer DEFAULT 0 NOT NULL,
	"declared_currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "products_seller_key" UNIQUE("tenant_id","seller_id","id"),
	CONSTRAINT "products_photos_check" CHECK (cardinality("products"."photos") <= 5),
	CONSTRAINT "products_declared_value_check" CHECK ("products"."declared_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sku_barcodes" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"seller_id" uuid NOT NULL,
	"barcode" varchar(64) NOT NULL,
	"sku_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sku_barcodes_pkey" PRIMARY KEY("tenant_id","seller_id","barcode")
);
--> statement-breakpoint
CREATE TABLE "sku_counters" (
	"tenant_id" uuid PRIMARY KEY DEFAULT app_current_tenant() NOT NULL,
	"last_value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"seller_sku" varchar(64) NOT NULL,
	"sys_code" varchar(16) NOT NULL,
	"custom_code" varchar(64),
	"local_code" varchar(64),
	"variation" varchar(128) DEFAULT '' NOT NULL,
	"weight_g" integer,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"cost" integer,
	"cost_currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"safety_stock" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skus_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "skus_seller_key" UNIQUE("tenant_id","id","seller_id"),
	CONSTRAINT "skus_sys_code_key" UNIQUE("tenant_id","sys_code"),
	CONSTRAINT "skus_seller_sku_key" UNIQUE("tenant_id","seller_id","seller_sku"),
	CONSTRAINT "skus_measures_check" CHECK (coalesce("skus"."weight_g", 0) >= 0 and coalesce("skus"."length_mm", 0) >= 0 and coalesce("skus"."width_mm", 0) >= 0 and coalesce("skus"."height_mm", 0) >= 0),
	CONSTRAINT "skus_cost_check" CHECK (coalesce("skus"."cost", 0) >= 0),
	CONSTRAINT "skus_safety_stock_check" CHECK ("skus"."safety_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "location_stock" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_stock_tenant_id_location_id_sku_id_pk" PRIMARY KEY("tenant_id","location_id","sku_id"),
	CONSTRAINT "location_stock_quantity_check" CHECK ("location_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"frozen" integer DEFAULT 0 NOT NULL,
	"total" integer GENERATED ALWAYS AS (available + frozen) STORED NOT NULL,
	"in_transit" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_tenant_id_warehouse_id_sku_id_pk" PRIMARY KEY("tenant_id","warehouse_id","sku_id"),
	CONSTRAINT "stock_balances_available_check" CHECK ("stock_balances"."available" >= 0),
	CONSTRAINT "stock_balances_frozen_check" CHECK ("stock_balances"."frozen" >= 0),
	CONSTRAINT "stock_balances_in_transit_check" CHECK ("stock_balances"."in_transit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_lots" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"quantity_received" integer NOT NULL,
	"quantity_remaining" integer NOT NULL,
	"movement_id" bigint,
	CONSTRAINT "stock_lots_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_lots_received_check" CHECK ("stock_lots"."quantity_received" > 0),
	CONSTRAINT "stock_lots_remaining_check" CHECK ("stock_lots"."quantity_remaining" >= 0 and "stock_lots"."quantity_remaining" <= "stock_lots"."quantity_received")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"warehouse_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"quantity" integer NOT NULL,
	"available_delta" integer DEFAULT 0 NOT NULL,
	"frozen_delta" integer DEFAULT 0 NOT NULL,
	"in_transit_delta" integer DEFAULT 0 NOT NULL,
	"from_location_id" uuid,
	"to_location_id" uuid,
	"source_type" varchar(32) DEFAULT 'manual' NOT NULL,
	"source_id" varchar(64),
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" in ('receipt', 'shelve_move', 'move', 'reserve', 'release', 'issue', 'adjust', 'freeze', 'unfreeze', 'transfer_out', 'transfer_in', 'count_correction', 'return', 'destroy')),
	CONSTRAINT "stock_movements_quantity_check" CHECK ("stock_movements"."quantity" <> 0)
);
--> statement-breakpoint
ALTER TABLE "warehouse_locations" ADD CONSTRAINT "warehouse_locations_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_locations" ADD CONSTRAINT "warehouse_locations_partition_fk" FOREIGN KEY ("tenant_id","warehouse_id","partition_id") REFERENCES "public"."warehouse_partitions"("tenant_id","warehouse_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_partitions" ADD CONSTRAINT "warehouse_partitions_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_staff" ADD CONSTRAINT "warehouse_staff_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_staff" ADD CONSTRAINT "warehouse_staff_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_fk" FOREIGN KEY ("tenant_id","seller_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_barcodes" ADD CONSTRAINT "sku_barcodes_sku_fk" FOREIGN KEY ("tenant_id","sku_id","seller_id") REFERENCES "public"."skus"("tenant_id","id","seller_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_product_fk" FOREIGN KEY ("tenant_id","seller_id","product_id") REFERENCES "public"."products"("tenant_id","seller_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_stock" ADD CONSTRAINT "location_stock_location_fk" FOREIGN KEY ("tenant_id","warehouse_id","location_id") REFERENCES "public"."warehouse_locations"("tenant_id","warehouse_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_stock" ADD CONSTRAINT "location_stock_balance_fk" FOREIGN KEY ("tenant_id","warehouse_id","sku_id") REFERENCES "public"."stock_balances"("tenant_id","warehouse_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_sku_fk" FOREIGN KEY ("tenant_id","sku_id","seller_id") REFERENCES "public"."skus"("tenant_id","id","seller_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_balance_fk" FOREIGN KEY ("tenant_id","warehouse_id","sku_id") REFERENCES "public"."stock_balances"("tenant_id","warehouse_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_movement_fk" FOREIGN KEY ("tenant_id","movement_id") REFERENCES "public"."stock_movements"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_balance_fk" FOREIGN KEY ("tenant_id","warehouse_id","sku_id") REFERENCES "public"."stock_balances"("tenant_id","warehouse_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_from_location_fk" FOREIGN KEY ("tenant_id","warehouse_id","from_location_id") REFERENCES "public"."warehouse_locations"("tenant_id","warehouse_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_to_location_fk" FOREIGN KEY ("tenant_id","warehouse_id","to_location_id") REFERENCES "public"."warehouse_locations"("tenant_id","warehouse_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_locations_partition_idx" ON "warehouse_locations" USING btree ("tenant_id","partition_id");--> statement-breakpoint
CREATE INDEX "warehouse_staff_user_idx" ON "warehouse_staff" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "products_seller_idx" ON "products" USING btree ("tenant_id","seller_id","created_at");--> statement-breakpoint
CREATE INDEX "sku_barcodes_sku_idx" ON "sku_barcodes" USING btree ("tenant_id","sku_id");--> statement-breakpoint
CREATE INDEX "sku_barcodes_barcode_idx" ON "sku_barcodes" USING btree ("tenant_id","barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "skus_local_code_key" ON "skus" USING btree ("tenant_id","seller_id","local_code") WHERE "skus"."local_code" is not null;--> statement-breakpoint
CREATE INDEX "skus_product_idx" ON "skus" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "skus_seller_sku_search_idx" ON "skus" USING btree ("tenant_id",lower("seller_sku"));--> statement-breakpoint
CREATE INDEX "skus_local_code_idx" ON "skus" USING btree ("tenant_id","local_code");--> statement-breakpoint
CREATE INDEX "skus_custom_code_idx" ON "skus" USING btree ("tenant_id","custom_code");--> statement-breakpoint
CREATE INDEX "location_stock_sku_idx" ON "location_stock" USING btree ("tenant_id","warehouse_id","sku_id");--> statement-breakpoint
CREATE INDEX "stock_balances_seller_idx" ON "stock_balances" USING btree ("tenant_id","seller_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_balances_sku_idx" ON "stock_balances" USING btree ("tenant_id","sku_id");--> statement-breakpoint
CREATE INDEX "stock_lots_fifo_idx" ON "stock_lots" USING btree ("tenant_id","warehouse_id","sku_id","received_at") WHERE "stock_lots"."quantity_remaining" > 0;--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse_idx" ON "stock_movements" USING btree ("tenant_id","warehouse_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_sku_idx" ON "stock_movements" USING btree ("tenant_id","sku_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_seller_idx" ON "stock_movements" USING btree ("tenant_id","seller_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
SELECT app_secure_tenant_tables();
