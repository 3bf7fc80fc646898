CREATE INDEX "marketplace_orders_updated_idx" ON "marketplace_orders" USING btree ("tenant_id","shop_id","platform_updated_at");
