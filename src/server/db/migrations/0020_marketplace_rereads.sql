ALTER TABLE "marketplace_orders" ADD COLUMN "checked_at" timestamp with time zone;
