-- Issue 28: a count line knows whether its SKU was counted. An SKU the books had on a counted
-- location that the worker neither counted nor confirmed as none has no counted quantity and no
-- variance (state not_counted), instead of a silent counted 0; only a recount settles it.
ALTER TABLE "count_lines" ALTER COLUMN "counted_quantity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "count_lines" ALTER COLUMN "variance" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "count_lines" DROP CONSTRAINT "count_lines_state_check";--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_state_check" CHECK ("count_lines"."state" in ('not_counted', 'no_variance', 'pending', 'passed', 'rejected'));--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_uncounted_check" CHECK (("count_lines"."counted_quantity" is null) = ("count_lines"."variance" is null) and ("count_lines"."counted_quantity" is not null or "count_lines"."state" in ('not_counted', 'rejected')));
