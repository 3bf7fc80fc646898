CREATE TABLE "returns" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"order_id" uuid,
	"seller_id" uuid,
	"kind" varchar(16) DEFAULT 'return' NOT NULL,
	"status" varchar(24) DEFAULT 'returned_unprocessed' NOT NULL,
	"return_tracking_no" varchar(64) NOT NULL,
	"original_tracking_no" varchar(64) DEFAULT '' NOT NULL,
	"postage_cents" integer DEFAULT 0 NOT NULL,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"note" varchar(255) DEFAULT '' NOT NULL,
	"received_by" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matched_by" uuid,
	"matched_at" timestamp with time zone,
	"finished_by" uuid,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "returns_kind_check" CHECK ("returns"."kind" in ('return', 'refused')),
	CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('returned_unprocessed', 'returned_processed', 'return_failed')),
	CONSTRAINT "returns_order_seller_check" CHECK (("returns"."order_id" is null) = ("returns"."seller_id" is null)),
	CONSTRAINT "returns_postage_check" CHECK ("returns"."postage_cents" >= 0),
	CONSTRAINT "returns_weight_check" CHECK ("returns"."weight_grams" >= 0)
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"sku_id" uuid,
	"seller_id" uuid,
	"quantity" integer NOT NULL,
	"condition" varchar(16) NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"location_id" uuid,
	"movement_id" bigint,
	"inspected_by" uuid NOT NULL,
	"inspected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "return_items_quantity_check" CHECK ("return_items"."quantity" > 0),
	CONSTRAINT "return_items_condition_check" CHECK ("return_items"."condition" in ('good', 'damaged', 'wrong_item')),
	CONSTRAINT "return_items_outcome_check" CHECK ("return_items"."outcome" in ('reshelved', 'destroyed')),
	CONSTRAINT "return_items_reshelved_check" CHECK (("return_items"."outcome" = 'reshelved') = ("return_items"."location_id" is not null) and ("return_items"."outcome" = 'destroyed' or ("return_items"."condition" = 'good' and "return_items"."movement_id" is not null)))
);
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_fk" FOREIGN KEY ("tenant_id","order_id","seller_id") REFERENCES "public"."orders"("tenant_id","id","seller_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_fk" FOREIGN KEY ("tenant_id","return_id") REFERENCES "public"."returns"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_sku_fk" FOREIGN KEY ("tenant_id","sku_id","seller_id") REFERENCES "public"."skus"("tenant_id","id","seller_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_location_fk" FOREIGN KEY ("tenant_id","warehouse_id","location_id") REFERENCES "public"."warehouse_locations"("tenant_id","warehouse_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "returns_tracking_key" ON "returns" USING btree ("tenant_id","return_tracking_no");--> statement-breakpoint
CREATE INDEX "returns_list_idx" ON "returns" USING btree ("tenant_id","received_at");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("tenant_id","order_id") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "return_items_return_idx" ON "return_items" USING btree ("tenant_id","return_id");
