CREATE TABLE "privacy_requests" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"delivery_id" varchar(128) NOT NULL,
	"topic" varchar(32) NOT NULL,
	"customer_id" varchar(64) DEFAULT '' NOT NULL,
	"requested_order_nos" text[] DEFAULT '{}'::text[] NOT NULL,
	"matched_order_nos" text[] DEFAULT '{}'::text[] NOT NULL,
	"outcome" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "privacy_requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "privacy_requests_topic_check" CHECK ("privacy_requests"."topic" in ('customers/data_request', 'customers/redact', 'shop/redact'))
);
--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_tenant_id_shop_id_shops_tenant_id_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_delivery_key" ON "privacy_requests" USING btree ("tenant_id","shop_id","delivery_id");--> statement-breakpoint
CREATE INDEX "privacy_requests_shop_idx" ON "privacy_requests" USING btree ("tenant_id","shop_id","received_at");--> statement-breakpoint
-- The privacy webhooks' lookup across tenants: unlike app_find_shops it also finds shops that
-- are stopped or uninstalled and tenants that are suspended, since shop/redact arrives 48 hours
-- after the uninstall and a stopped shop's data must still be erased.
CREATE FUNCTION app_find_privacy_shops(p_platform text, p_platform_shop_id text)
  RETURNS TABLE (tenant_id uuid, shop_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.tenant_id, s.id FROM shops s
  WHERE s.platform = p_platform AND s.platform_shop_id = p_platform_shop_id AND p_platform_shop_id <> ''
  ORDER BY s.tenant_id, s.id
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_find_privacy_shops(text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_find_privacy_shops(text, text) TO wms_app;
