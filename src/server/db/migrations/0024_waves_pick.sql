-- Waves and picking (issue 15): a wave groups ready orders of one warehouse; picking moves units
-- from their shelf to the warehouse's staging location (type 'outbound', code PICKED) through the
-- ledger, and order_picks then names the staging location (the hand-over issues from there).
ALTER TABLE "warehouse_locations" DROP CONSTRAINT "warehouse_locations_type_check";--> statement-breakpoint
ALTER TABLE "warehouse_locations" ADD CONSTRAINT "warehouse_locations_type_check" CHECK ("warehouse_locations"."location_type" in ('receiving', 'storage', 'picking', 'returns', 'damaged', 'outbound'));--> statement-breakpoint
CREATE TABLE "wave_counters" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"day" date NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wave_counters_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "waves" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"wave_no" varchar(32) NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"picker_id" uuid,
	"created_by" uuid NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waves_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "waves_status_check" CHECK ("waves"."status" in ('open', 'picking', 'picked', 'short'))
);
--> statement-breakpoint
CREATE TABLE "wave_orders" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"wave_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"state" varchar(16) DEFAULT 'open' NOT NULL,
	CONSTRAINT "wave_orders_tenant_id_wave_id_order_id_pk" PRIMARY KEY("tenant_id","wave_id","order_id"),
	CONSTRAINT "wave_orders_state_check" CHECK ("wave_orders"."state" in ('open', 'picked', 'short', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "wave_shortages" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"wave_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"location_id" uuid,
	"quantity" integer NOT NULL,
	"reason" varchar(16) NOT NULL,
	"reported_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wave_shortages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "wave_shortages_quantity_check" CHECK ("wave_shortages"."quantity" > 0),
	CONSTRAINT "wave_shortages_reason_check" CHECK ("wave_shortages"."reason" in ('not_found', 'damaged', 'wrong_item'))
);
--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_orders" ADD CONSTRAINT "wave_orders_wave_fk" FOREIGN KEY ("tenant_id","wave_id") REFERENCES "public"."waves"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_orders" ADD CONSTRAINT "wave_orders_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_shortages" ADD CONSTRAINT "wave_shortages_wave_fk" FOREIGN KEY ("tenant_id","wave_id") REFERENCES "public"."waves"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_shortages" ADD CONSTRAINT "wave_shortages_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waves_no_key" ON "waves" USING btree ("tenant_id","wave_no");--> statement-breakpoint
CREATE INDEX "waves_list_idx" ON "waves" USING btree ("tenant_id","warehouse_id","status","created_at");--> statement-breakpoint
-- An order is in at most one wave still to pick it.
CREATE UNIQUE INDEX "wave_orders_open_key" ON "wave_orders" USING btree ("tenant_id","order_id") WHERE "wave_orders"."state" = 'open';--> statement-breakpoint
CREATE INDEX "wave_orders_order_idx" ON "wave_orders" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "wave_shortages_wave_idx" ON "wave_shortages" USING btree ("tenant_id","wave_id");--> statement-breakpoint
SELECT app_secure_tenant_tables();
