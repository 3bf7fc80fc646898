CREATE TABLE "inbound_box_lines" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"box_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"ship_quantity" integer NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	"shelved_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_box_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "inbound_box_lines_sku_key" UNIQUE("tenant_id","box_id","sku_id"),
	CONSTRAINT "inbound_box_lines_ship_check" CHECK ("inbound_box_lines"."ship_quantity" > 0),
	CONSTRAINT "inbound_box_lines_received_check" CHECK ("inbound_box_lines"."received_quantity" >= 0 and "inbound_box_lines"."damaged_quantity" >= 0),
	CONSTRAINT "inbound_box_lines_shelved_check" CHECK ("inbound_box_lines"."shelved_quantity" >= 0 and "inbound_box_lines"."shelved_quantity" <= "inbound_box_lines"."received_quantity")
);
--> statement-breakpoint
CREATE TABLE "inbound_boxes" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"box_no" varchar(64) NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_boxes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "inbound_boxes_no_key" UNIQUE("tenant_id","order_id","box_no"),
	CONSTRAINT "inbound_boxes_order_key" UNIQUE("tenant_id","order_id","id")
);
--> statement-breakpoint
CREATE TABLE "inbound_counters" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"day" date NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inbound_counters_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "inbound_discrepancies" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"box_id" uuid,
	"sku_id" uuid,
	"barcode" varchar(64),
	"kind" varchar(16) NOT NULL,
	"quantity" integer NOT NULL,
	"reason" varchar(255) NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_discrepancies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "inbound_discrepancies_kind_check" CHECK ("inbound_discrepancies"."kind" in ('short', 'over', 'unknown_sku', 'damaged')),
	CONSTRAINT "inbound_discrepancies_quantity_check" CHECK ("inbound_discrepancies"."quantity" > 0),
	CONSTRAINT "inbound_discrepancies_photos_check" CHECK (cardinality("inbound_discrepancies"."photos") <= 5)
);
--> statement-breakpoint
CREATE TABLE "inbound_orders" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"inbound_no" varchar(32) NOT NULL,
	"seller_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"receiving_location_id" uuid NOT NULL,
	"transport_mode" varchar(8) NOT NULL,
	"expected_arrival" timestamp with time zone,
	"warehousing_type" varchar(16) NOT NULL,
	"shipping_remark" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"abnormal_reason" varchar(255) DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "inbound_orders_no_key" UNIQUE("tenant_id","inbound_no"),
	CONSTRAINT "inbound_orders_seller_key" UNIQUE("tenant_id","id","seller_id"),
	CONSTRAINT "inbound_orders_transport_check" CHECK ("inbound_orders"."transport_mode" in ('land', 'air', 'sea')),
	CONSTRAINT "inbound_orders_type_check" CHECK ("inbound_orders"."warehousing_type" in ('normal', 'return', 'distribution')),
	CONSTRAINT "inbound_orders_status_check" CHECK ("inbound_orders"."status" in ('pending', 'partial', 'abnormal', 'received', 'stored', 'not_received'))
);
--> statement-breakpoint
CREATE TABLE "pda_changes" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pda_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"entity" varchar(16) NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pda_changes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "pda_changes_entity_check" CHECK ("pda_changes"."entity" in ('location', 'sku', 'inbound_order'))
);
--> statement-breakpoint
CREATE TABLE "pda_devices" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"user_id" uuid NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pda_devices_tenant_id_device_id_pk" PRIMARY KEY("tenant_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "pda_processed_ops" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"op_id" uuid NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"seq" bigint NOT NULL,
	"type" varchar(32) NOT NULL,
	"user_id" uuid NOT NULL,
	"result" jsonb NOT NULL,
	"created_at_device" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pda_processed_ops_tenant_id_op_id_pk" PRIMARY KEY("tenant_id","op_id"),
	CONSTRAINT "pda_processed_ops_seq_key" UNIQUE("tenant_id","device_id","seq")
);
--> statement-breakpoint
ALTER TABLE "inbound_box_lines" ADD CONSTRAINT "inbound_box_lines_box_fk" FOREIGN KEY ("tenant_id","order_id","box_id") REFERENCES "public"."inbound_boxes"("tenant_id","order_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_box_lines" ADD CONSTRAINT "inbound_box_lines_order_seller_fk" FOREIGN KEY ("tenant_id","order_id","seller_id") REFERENCES "public"."inbound_orders"("tenant_id","id","seller_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_box_lines" ADD CONSTRAINT "inbound_box_lines_sku_fk" FOREIGN KEY ("tenant_id","sku_id","seller_id") REFERENCES "public"."skus"("tenant_id","id","seller_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_boxes" ADD CONSTRAINT "inbound_boxes_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."inbound_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_discrepancies" ADD CONSTRAINT "inbound_discrepancies_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."inbound_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_discrepancies" ADD CONSTRAINT "inbound_discrepancies_box_fk" FOREIGN KEY ("tenant_id","order_id","box_id") REFERENCES "public"."inbound_boxes"("tenant_id","order_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_orders" ADD CONSTRAINT "inbound_orders_seller_fk" FOREIGN KEY ("tenant_id","seller_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_orders" ADD CONSTRAINT "inbound_orders_warehouse_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_orders" ADD CONSTRAINT "inbound_orders_receiving_location_fk" FOREIGN KEY ("tenant_id","warehouse_id","receiving_location_id") REFERENCES "public"."warehouse_locations"("tenant_id","warehouse_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_box_lines_order_idx" ON "inbound_box_lines" USING btree ("tenant_id","order_id","sku_id");--> statement-breakpoint
CREATE INDEX "inbound_discrepancies_order_idx" ON "inbound_discrepancies" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "inbound_orders_warehouse_idx" ON "inbound_orders" USING btree ("tenant_id","warehouse_id","status","created_at");--> statement-breakpoint
CREATE INDEX "inbound_orders_seller_idx" ON "inbound_orders" USING btree ("tenant_id","seller_id","created_at");--> statement-breakpoint
CREATE INDEX "pda_changes_xid_idx" ON "pda_changes" USING btree ("tenant_id","xid");--> statement-breakpoint
-- The PDA pull's change log: which location, SKU or inbound order changed, stamped with the
-- writing transaction's id (see modules/pda/pull.service.ts for why that makes a safe cursor).
CREATE FUNCTION app_pda_log_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
  INSERT INTO pda_changes (tenant_id, entity, entity_id)
    VALUES ((r ->> 'tenant_id')::uuid, TG_ARGV[0], (r ->> TG_ARGV[1])::uuid);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pda_change_location AFTER INSERT OR UPDATE OR DELETE ON warehouse_locations
  FOR EACH ROW EXECUTE FUNCTION app_pda_log_change('location', 'id');
--> statement-breakpoint
CREATE TRIGGER pda_change_sku AFTER INSERT OR UPDATE OR DELETE ON skus
  FOR EACH ROW EXECUTE FUNCTION app_pda_log_change('sku', 'id');
--> statement-breakpoint
CREATE TRIGGER pda_change_sku_barcode AFTER INSERT OR UPDATE OR DELETE ON sku_barcodes
  FOR EACH ROW EXECUTE FUNCTION app_pda_log_change('sku', 'sku_id');
--> statement-breakpoint
CREATE TRIGGER pda_change_inbound_order AFTER INSERT OR UPDATE OR DELETE ON inbound_orders
  FOR EACH ROW EXECUTE FUNCTION app_pda_log_change('inbound_order', 'id');
--> statement-breakpoint
CREATE TRIGGER pda_change_inbound_box AFTER INSERT OR UPDATE OR DELETE ON inbound_boxes
  FOR EACH ROW EXECUTE FUNCTION app_pda_log_change('inbound_order', 'order_id');
--> statement-breakpoint
CREATE TRIGGER pda_change_inbound_line AFTER INSERT OR UPDATE OR DELETE ON inbound_box_lines
  FOR EACH ROW EXECUTE FUNCTION app_pda_log_change('inbound_order', 'order_id');
--> statement-breakpoint
CREATE FUNCTION app_pda_log_product_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pda_changes (tenant_id, entity, entity_id)
    SELECT s.tenant_id, 'sku', s.id FROM skus s WHERE s.tenant_id = NEW.tenant_id AND s.product_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pda_change_product AFTER UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION app_pda_log_product_change();
--> statement-breakpoint
SELECT app_secure_tenant_tables();
