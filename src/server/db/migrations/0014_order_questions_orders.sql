-- Order questions name their order. A note that names no order of its own seller forgets it;
-- a note without an order takes the one order of its seller with that number, when there is one.
UPDATE "order_questions" q SET "order_id" = NULL
WHERE q."order_id" IS NOT NULL AND NOT EXISTS (
	SELECT 1 FROM "orders" o
	WHERE o."tenant_id" = q."tenant_id" AND o."id" = q."order_id" AND o."seller_id" = q."seller_id"
);--> statement-breakpoint
UPDATE "order_questions" q SET "order_id" = (
	SELECT o."id" FROM "orders" o
	WHERE o."tenant_id" = q."tenant_id" AND o."seller_id" = q."seller_id" AND o."order_no" = q."ordersn"
)
WHERE q."order_id" IS NULL AND (
	SELECT count(*) FROM "orders" o
	WHERE o."tenant_id" = q."tenant_id" AND o."seller_id" = q."seller_id" AND o."order_no" = q."ordersn"
) = 1;--> statement-breakpoint
ALTER TABLE "order_questions" ADD CONSTRAINT "order_questions_order_fk" FOREIGN KEY ("tenant_id","order_id","seller_id") REFERENCES "public"."orders"("tenant_id","id","seller_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_questions_order_idx" ON "order_questions" USING btree ("tenant_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_questions_ordersn_idx" ON "order_questions" USING btree ("tenant_id","ordersn");