CREATE TABLE "marketplace_items" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"platform" varchar(16) NOT NULL,
	"item_id" varchar(128) NOT NULL,
	"variation_id" varchar(128) NOT NULL,
	"seller_sku" varchar(128) DEFAULT '' NOT NULL,
	"barcode" varchar(64) DEFAULT '' NOT NULL,
	"title" varchar(500) DEFAULT '' NOT NULL,
	"sku_id" uuid,
	"matched_by" varchar(16) DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "marketplace_items_matched_check" CHECK (("marketplace_items"."sku_id" is null) = ("marketplace_items"."matched_by" = ''))
);
--> statement-breakpoint
CREATE TABLE "marketplace_orders" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_no" varchar(64) NOT NULL,
	"fingerprint" varchar(32) NOT NULL,
	"platform_updated_at" timestamp with time zone NOT NULL,
	"state" varchar(16) NOT NULL,
	"payload" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_orders_tenant_id_shop_id_order_no_pk" PRIMARY KEY("tenant_id","shop_id","order_no"),
	CONSTRAINT "marketplace_orders_state_check" CHECK ("marketplace_orders"."state" in ('synced', 'waiting'))
);
--> statement-breakpoint
CREATE TABLE "shop_sync_runs" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"window_from" timestamp with time zone NOT NULL,
	"window_to" timestamp with time zone NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"fetched" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"error_code" varchar(64) DEFAULT '' NOT NULL,
	"error_message" varchar(500) DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "shop_sync_runs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"platform" varchar(16) NOT NULL,
	"alias" varchar(64) NOT NULL,
	"platform_shop_id" varchar(255) DEFAULT '' NOT NULL,
	"shop_name" varchar(255) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"status_reason" varchar(64) DEFAULT '' NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"secrets" "bytea",
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"auth_state_hash" varchar(64),
	"auth_state_expires_at" timestamp with time zone,
	"auth_started_by" uuid,
	"synced_to" timestamp with time zone,
	"resume_point" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "shops_status_check" CHECK ("shops"."status" in ('pending', 'active', 'paused', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "marketplace_items" ADD CONSTRAINT "marketplace_items_tenant_id_shop_id_shops_tenant_id_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_items" ADD CONSTRAINT "marketplace_items_sku_fk" FOREIGN KEY ("tenant_id","sku_id") REFERENCES "public"."skus"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_tenant_id_shop_id_shops_tenant_id_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_sync_runs" ADD CONSTRAINT "shop_sync_runs_tenant_id_shop_id_shops_tenant_id_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_tenant_id_seller_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","seller_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_tenant_id_warehouse_id_warehouses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_items_key" ON "marketplace_items" USING btree ("tenant_id","shop_id","item_id","variation_id");--> statement-breakpoint
CREATE INDEX "marketplace_items_seller_idx" ON "marketplace_items" USING btree ("tenant_id","seller_id","sku_id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_waiting_idx" ON "marketplace_orders" USING btree ("tenant_id","shop_id") WHERE "marketplace_orders"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "shop_sync_runs_shop_idx" ON "shop_sync_runs" USING btree ("tenant_id","shop_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_sync_runs_running_key" ON "shop_sync_runs" USING btree ("tenant_id","shop_id") WHERE "shop_sync_runs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "shops_seller_idx" ON "shops" USING btree ("tenant_id","seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_platform_shop_key" ON "shops" USING btree ("tenant_id","platform","platform_shop_id") WHERE "shops"."platform_shop_id" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "shops_auth_state_key" ON "shops" USING btree ("auth_state_hash") WHERE "shops"."auth_state_hash" is not null;--> statement-breakpoint
CREATE INDEX "shops_platform_shop_idx" ON "shops" USING btree ("platform","platform_shop_id");--> statement-breakpoint
-- A webhook names a marketplace shop, not a tenant: these two lookups cross tenants, return only
-- ids (the shop's tenant and id), and are SECURITY DEFINER like the login lookups of 0002.
CREATE FUNCTION app_find_shops(p_platform text, p_platform_shop_id text)
  RETURNS TABLE (tenant_id uuid, shop_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.tenant_id, s.id FROM shops s JOIN tenants t ON t.id = s.tenant_id
  WHERE t.is_active AND s.platform = p_platform AND s.platform_shop_id = p_platform_shop_id
    AND p_platform_shop_id <> '' AND s.status = 'active'
$$;
--> statement-breakpoint
-- The schedule's list of shops to sync, across tenants.
CREATE FUNCTION app_active_shops()
  RETURNS TABLE (tenant_id uuid, shop_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.tenant_id, s.id FROM shops s JOIN tenants t ON t.id = s.tenant_id
  WHERE t.is_active AND s.status = 'active'
  ORDER BY s.tenant_id, s.id
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_find_shops(text, text), app_active_shops() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_find_shops(text, text), app_active_shops() TO wms_app;
--> statement-breakpoint
-- A shop's first sync is a bulk load: its statistics are refreshed right after (the planner
-- would otherwise plan foreign-key checks on orders it believes empty). ANALYZE needs the
-- owner; this function lends it for these tables only.
CREATE FUNCTION app_analyze_order_tables() RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  ANALYZE orders, order_lines, order_status_history, marketplace_orders, marketplace_items
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_analyze_order_tables() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_analyze_order_tables() TO wms_app;
