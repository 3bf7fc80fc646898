-- Sliding-window limits: one row per key with the times of the hits that still count.
DROP TABLE "rate_limits";
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	"last_accepted" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Wrong passwords now lock a username per address (kept in rate_limits), not the account.
ALTER TABLE "users" DROP COLUMN "failed_login_count";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";
--> statement-breakpoint
SELECT app_secure_tenant_tables();
