-- Pack, bag and hand over (issue 15): bags of packed parcels (one warehouse, one channel),
-- the parcels in each bag (a parcel is in one bag at most), and carrier hand-overs with every
-- parcel they handed over (a parcel is handed over once). RLS is forced on each by
-- app_secure_tenant_tables(), which migrate.ts runs after the migrations.
CREATE TABLE "bags" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid NOT NULL,
	"bag_no" varchar(40) NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"channel_id" uuid,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"package_count" integer DEFAULT 0 NOT NULL,
	"weight_grams" integer,
	"delivery_status" varchar(16) DEFAULT 'pending' NOT NULL,
	"handover_id" uuid,
	"delivered_at" timestamp with time zone,
	"opened_by" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bags_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "bags_status_check" CHECK ("bags"."status" in ('open', 'closed')),
	CONSTRAINT "bags_delivery_status_check" CHECK ("bags"."delivery_status" in ('pending', 'pickup', 'delivery_success', 'delivery_fail')),
	CONSTRAINT "bags_package_count_check" CHECK ("bags"."package_count" >= 0),
	CONSTRAINT "bags_weight_check" CHECK ("bags"."weight_grams" is null or "bags"."weight_grams" > 0)
);
--> statement-breakpoint
CREATE TABLE "bag_parcels" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"order_id" uuid NOT NULL,
	"bag_id" uuid NOT NULL,
	"added_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bag_parcels_tenant_id_order_id_pk" PRIMARY KEY("tenant_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "handovers" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"bag_count" integer NOT NULL,
	"parcel_count" integer NOT NULL,
	"handed_over_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handovers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "handover_parcels" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"order_id" uuid NOT NULL,
	"handover_id" uuid NOT NULL,
	"bag_id" uuid,
	CONSTRAINT "handover_parcels_tenant_id_order_id_pk" PRIMARY KEY("tenant_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "bags" ADD CONSTRAINT "bags_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bags" ADD CONSTRAINT "bags_channel_fk" FOREIGN KEY ("tenant_id","channel_id") REFERENCES "public"."logistics_channels"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_parcels" ADD CONSTRAINT "bag_parcels_bag_fk" FOREIGN KEY ("tenant_id","bag_id") REFERENCES "public"."bags"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_parcels" ADD CONSTRAINT "bag_parcels_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_parcels" ADD CONSTRAINT "handover_parcels_handover_fk" FOREIGN KEY ("tenant_id","handover_id") REFERENCES "public"."handovers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_parcels" ADD CONSTRAINT "handover_parcels_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bags_no_key" ON "bags" USING btree ("tenant_id","bag_no");--> statement-breakpoint
CREATE INDEX "bags_list_idx" ON "bags" USING btree ("tenant_id","opened_at");--> statement-breakpoint
CREATE INDEX "bag_parcels_bag_idx" ON "bag_parcels" USING btree ("tenant_id","bag_id");
