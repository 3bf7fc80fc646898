-- Issue 28: a marketplace notice is taken once, and only while it is fresh.
--
-- Correctly signed Shopee, Lazada, TikTok Shop and Shopify notices were taken any number of
-- times, whatever their age: a replayed TikTok deauthorisation stopped a live shop. Now a notice
-- whose own time (Shopee's, Lazada's and TikTok's signed `timestamp`, Shopify's
-- X-Shopify-Triggered-At) lies outside its platform's window is refused, and webhook_deliveries
-- keeps the key of every notice a shop of ours took (the platform's delivery id where it sends
-- one, X-Shopify-Webhook-Id or tts_notification_id, else the SHA-256 of the signed body) until
-- the notice would be outside the window anyway: a notice whose key is held changes nothing.
--
-- One row per delivery to one of the tenant's shops, written in the same transaction as what the
-- notice changes, so a failure leaves neither and the platform's retry is taken.
-- Expired rows of a shop are deleted when the next notice for it is taken (the shop's rows
-- cascade with the shop): what is kept is at most one window of a shop's notices.
-- `outcome` records what came of it, above all a deauthorisation the platform did not confirm.
CREATE TABLE "webhook_deliveries" (
	"tenant_id" uuid DEFAULT app_current_tenant() NOT NULL,
	"shop_id" uuid NOT NULL,
	"delivery_key" varchar(160) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"outcome" varchar(24) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_deliveries_tenant_id_shop_id_delivery_key_pk" PRIMARY KEY("tenant_id","shop_id","delivery_key"),
	CONSTRAINT "webhook_deliveries_kind_check" CHECK ("webhook_deliveries"."kind" in ('order', 'revoked', 'privacy')),
	CONSTRAINT "webhook_deliveries_outcome_check" CHECK ("webhook_deliveries"."outcome" in ('taken', 'revocation_pending', 'revoked', 'revocation_refuted', 'revocation_unchecked'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_id_shop_id_shops_tenant_id_id_fk" FOREIGN KEY ("tenant_id","shop_id") REFERENCES "public"."shops"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_expiry_idx" ON "webhook_deliveries" USING btree ("tenant_id","shop_id","expires_at");
--> statement-breakpoint
SELECT app_secure_tenant_tables();
