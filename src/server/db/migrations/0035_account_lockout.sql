-- Issue 28: wrong passwords are counted per account too, whichever address they come from.
--
-- The per-address lockout (rate_limits, login:fail:*) let 100 wrong passwords for one account
-- from 100 addresses through, and the right password then worked. login_failures counts, per
-- account, the wrong passwords since its last sign-in (modules/identity/sign-in/account-lockout.ts):
-- past a few, each one makes the next attempt wait twice as long as the one before, from any
-- address; at a ceiling the account's password sign-in is locked until its owner signs in with a
-- code sent to the account's phone, sets a new password that way, or an administrator unlocks it.
--
-- A row is keyed as the per-address lockout keys its rows: the tenant the username was looked
-- up in ('-' when none matched) and the SHA-256 of the lower-cased username, never a user id,
-- so a username that exists nowhere is counted, delayed and locked exactly like a real one and
-- no reply tells whether an account exists. That is why this is not a tenant table: a username
-- that matched no tenant is counted too, and the key holds no name.
--
-- failures: attempts whose password was checked, counting toward the wait and the lock (each is
--   reserved before its check, so parallel guesses cannot outrun the wait); uncounted: failed
--   attempts that no longer count, refused unchecked while the account waited or was locked, or
--   set aside when the lock was lifted. checked_at: the latest checked attempt, the wait runs from
--   it. last_at and previous_at: the latest attempt of either kind and the one before it. The
--   owner is told all of them at the next sign-in, which deletes the row.
CREATE TABLE "login_failures" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"uncounted" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"last_checked" boolean DEFAULT true NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"previous_at" timestamp with time zone,
	CONSTRAINT "login_failures_counts_check" CHECK ("login_failures"."failures" >= 0 and "login_failures"."uncounted" >= 0)
);
--> statement-breakpoint
SELECT app_secure_tenant_tables();
