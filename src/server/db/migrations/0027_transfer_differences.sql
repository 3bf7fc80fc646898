ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" in ('receipt', 'shelve_move', 'move', 'reserve', 'release', 'issue', 'adjust', 'freeze', 'unfreeze', 'transfer_out', 'transfer_in', 'count_correction', 'return', 'destroy', 'receipt_undo', 'shelve_undo', 'transfer_short'));--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD COLUMN "short_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD COLUMN "short_reason" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" DROP CONSTRAINT "stock_transfer_lines_received_check";--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_received_check" CHECK ("stock_transfer_lines"."received_quantity" >= 0 and "stock_transfer_lines"."short_quantity" >= 0 and "stock_transfer_lines"."received_quantity" + "stock_transfer_lines"."short_quantity" <= "stock_transfer_lines"."quantity");--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_short_reason_check" CHECK ("stock_transfer_lines"."short_reason" in ('', 'lost', 'damaged', 'not_sent', 'other'));--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD COLUMN "arrival_note" varchar(255) DEFAULT '' NOT NULL;
