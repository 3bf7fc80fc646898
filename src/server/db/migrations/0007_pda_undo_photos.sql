ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_check";--> statement-breakpoint
ALTER TABLE "pda_processed_ops" ADD COLUMN "payload" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pda_processed_ops" ADD COLUMN "undone_by_op_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" in ('receipt', 'shelve_move', 'move', 'reserve', 'release', 'issue', 'adjust', 'freeze', 'unfreeze', 'transfer_out', 'transfer_in', 'count_correction', 'return', 'destroy', 'receipt_undo', 'shelve_undo'));
--> statement-breakpoint
SELECT app_secure_tenant_tables();
