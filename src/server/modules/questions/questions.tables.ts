/**
 * Order questions live in PostgreSQL per tenant (forced RLS), one row per note on an order,
 * each belonging to one seller so the seller side sees only its own. A note written since
 * orders exist names its order; the composite key ties it to an order of that same seller.
 * Notes from before (order_id null) keep their order number only.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, smallint, uuid, varchar } from 'drizzle-orm/pg-core';
import type { QuestionFlag } from '@shared/domain/questions.js';
import { createdAt, tenantId, updatedAt } from '../../db/columns.js';
import { users } from '../identity/index.js';
import { orders } from '../orders/index.js';

export const orderQuestions = pgTable(
  'order_questions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** The order the note is on; ordersn is what people see and search by. */
    orderId: uuid('order_id'),
    ordersn: varchar('ordersn', { length: 64 }).notNull(),
    sellerId: uuid('seller_id').notNull(),
    note: varchar('note', { length: 1000 }).notNull(),
    questionFlag: smallint('question_flag').$type<QuestionFlag>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('order_questions_flag_idx').on(table.tenantId, table.questionFlag, table.createdAt),
    index('order_questions_seller_idx').on(
      table.tenantId,
      table.sellerId,
      table.questionFlag,
      table.createdAt,
    ),
    /** One order's conversation, oldest first. */
    index('order_questions_order_idx').on(table.tenantId, table.orderId, table.createdAt),
    index('order_questions_ordersn_idx').on(table.tenantId, table.ordersn),
    foreignKey({
      columns: [table.tenantId, table.sellerId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_questions_order_fk',
      columns: [table.tenantId, table.orderId, table.sellerId],
      foreignColumns: [orders.tenantId, orders.id, orders.sellerId],
    }).onDelete('cascade'),
    check('order_questions_flag_check', sql`${table.questionFlag} in (0, 1, 2)`),
  ],
);
