-- Issue 28: a tracking number names one parcel of one channel. After a restart of the sandbox
-- carrier two orders held SBX0700000001TH, and returns match parcels by tracking number, so a
-- returned parcel could be taken for the wrong order.
--
-- waybills_channel_tracking_key: one waybill per channel and tracking number (the channel's id,
-- not its name, so renaming a channel changes nothing). A carrier or platform that answers a
-- number another parcel of the channel has is refused at the arrangement
-- (waybill.tracking_duplicate) and the order keeps none; this index is the backstop.
--
-- Orders carry no such index: on a marketplace several orders may ship as one parcel under one
-- tracking number (Joom splits one purchase into several orders; Shopee and Lazada combine
-- orders of a buyer), so the number is unique per parcel, which is the waybill.
--
-- Duplicates already stored are settled first, or the indexes could not be made: per channel
-- the waybill arranged first keeps its number; each later one goes back to arrange_failed with
-- the code waybill.tracking_duplicate (to be arranged again) and its order gives the number up.
WITH "ranked" AS (
	SELECT "tenant_id", "id", "order_id", "tracking_no",
		row_number() OVER (
			PARTITION BY "tenant_id", "channel_id", "tracking_no"
			ORDER BY "arranged_at" NULLS LAST, "created_at", "id"
		) AS "n"
	FROM "waybills"
	WHERE "tracking_no" <> '' AND "channel_id" IS NOT NULL
), "dropped" AS (
	UPDATE "waybills" w
	SET "arrange_status" = 'arrange_failed', "arrange_error" = 'waybill.tracking_duplicate',
		"arrange_message" = '', "tracking_no" = '', "updated_at" = now()
	FROM "ranked" r
	WHERE r."tenant_id" = w."tenant_id" AND r."id" = w."id" AND r."n" > 1
	RETURNING w."tenant_id", w."order_id", r."tracking_no"
)
UPDATE "orders" o SET "tracking_no" = '', "updated_at" = now()
FROM "dropped" d
WHERE o."tenant_id" = d."tenant_id" AND o."id" = d."order_id" AND o."tracking_no" = d."tracking_no";--> statement-breakpoint
CREATE UNIQUE INDEX "waybills_channel_tracking_key" ON "waybills" USING btree ("tenant_id","channel_id","tracking_no") WHERE "waybills"."tracking_no" <> '';
