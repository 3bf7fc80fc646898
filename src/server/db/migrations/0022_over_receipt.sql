ALTER TABLE "warehouses" ADD COLUMN "over_receipt_unit" varchar(8) DEFAULT 'units' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "over_receipt_tolerance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_over_receipt_check" CHECK ("warehouses"."over_receipt_unit" in ('units', 'percent') and "warehouses"."over_receipt_tolerance" >= 0 and "warehouses"."over_receipt_tolerance" <= case when "warehouses"."over_receipt_unit" = 'percent' then 100 else 1000 end);--> statement-breakpoint
ALTER TABLE "inbound_discrepancies" ADD COLUMN "is_from_receipt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "inbound_discrepancies_receipt_idx" ON "inbound_discrepancies" USING btree ("tenant_id","order_id","box_id","sku_id") WHERE "inbound_discrepancies"."is_from_receipt";
