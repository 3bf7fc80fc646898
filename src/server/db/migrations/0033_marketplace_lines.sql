-- Issue 28: a marketplace order keeps what the platform sold and charged, whatever is matched.
--
-- order_unmatched_lines: the lines of a marketplace order whose item is not paired to one of the
-- seller's SKUs yet, as the platform sold them (item, variation, the seller's code and title,
-- quantity, unit price). They are shown in the order, keep an order whose every line is unmatched
-- from being an order with no lines, and go when SKU matching completes the order (its lines are
-- then written to order_lines). Stock is never reserved for them: an order that has them carries
-- an open unmatched_sku exception, which keeps its review from passing.
--
-- orders.total_amount, shipping_amount, discount_amount: the order's amounts in minor units of
-- its currency as the platform states them (marketplace orders) or as entered (manual orders:
-- the sum of the lines). Before, the list summed the matched lines, so an order with an unpaired
-- line showed a smaller total (897.00 -> 498.00) and one with none showed 0.00. Existing orders
-- take the sum of their lines, the best that is known of them.
--
-- marketplace_orders.state 'failed' and error, shop_sync_runs.failed and order_errors: one order
-- the product could not store no longer fails its sync run. It is recorded with what went wrong
-- (on the marketplace order kept for the next run, in the run's record, and as a sync_failed
-- exception of the order when it is in the order list), and the rest of the page is written.
CREATE TABLE "order_unmatched_lines" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"item_id" varchar(255) DEFAULT '' NOT NULL,
	"variation_id" varchar(255) DEFAULT '' NOT NULL,
	"seller_sku" varchar(255) DEFAULT '' NOT NULL,
	"title" varchar(500) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "order_unmatched_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "order_unmatched_lines_quantity_check" CHECK ("order_unmatched_lines"."quantity" > 0),
	CONSTRAINT "order_unmatched_lines_price_check" CHECK ("order_unmatched_lines"."unit_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_unmatched_lines" ADD CONSTRAINT "order_unmatched_lines_order_seller_fk" FOREIGN KEY ("tenant_id","order_id","seller_id") REFERENCES "public"."orders"("tenant_id","id","seller_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_unmatched_lines_order_idx" ON "order_unmatched_lines" USING btree ("tenant_id","order_id","position");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_amount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_amount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_amount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "orders" o SET "total_amount" = s.total
FROM (SELECT tenant_id, order_id, sum(quantity * unit_price) AS total FROM "order_lines" GROUP BY tenant_id, order_id) s
WHERE s.tenant_id = o.tenant_id AND s.order_id = o.id;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("total_amount" >= 0 AND "shipping_amount" >= 0 AND "discount_amount" >= 0);
--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "error" varchar(500) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_sync_runs" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_sync_runs" ADD COLUMN "order_errors" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
CREATE INDEX "marketplace_orders_failed_idx" ON "marketplace_orders" USING btree ("tenant_id","shop_id") WHERE "marketplace_orders"."state" = 'failed';
--> statement-breakpoint
ALTER TABLE "marketplace_orders" DROP CONSTRAINT "marketplace_orders_state_check";
--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_state_check" CHECK ("marketplace_orders"."state" in ('synced', 'waiting', 'failed'));
