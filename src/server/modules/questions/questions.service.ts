/**
 * Order questions: notes on an order passed between a seller and the warehouse or agent side
 * until one of them resolves it. A note is always on an order the writer may see (sellers their
 * own, warehouse roles their warehouses', agents all of the tenant's); the queue, the popover
 * and each order's conversation show only notes on such orders, so another seller's or
 * warehouse's question answers 404 like its order. Which flag each side may see and set, and how
 * writing answers what waited for the writer's side, is in src/shared/domain/questions.ts.
 */
import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type {
  AddQuestionBody,
  ConversationQuery,
  OrderConversation,
  PendingQuestionsQuery,
  QuestionListQuery,
  QuestionOrder,
  QuestionRecord,
  QuestionRow,
  UpdateQuestionFlagBody,
} from '@shared/contract/questions.js';
import {
  CONVERSATION_NOTES_MAX,
  flagsSettableBy,
  pendingFlagFor,
  QUESTION_FLAG,
  sideOf,
  type QuestionFlag,
} from '@shared/domain/questions.js';
import type { UserRole } from '@shared/domain/roles.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { allOf, contains, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { isSellerBound, sellerScope } from '../../access/seller-scope.js';
import { users } from '../identity/index.js';
import { orderScope, orders } from '../orders/index.js';
import { isWarehouseBound, warehouses, warehouseScope } from '../warehouse/index.js';
import { orderQuestions } from './questions.tables.js';

type QuestionRowData = typeof orderQuestions.$inferSelect;

function toRecord(row: QuestionRowData): QuestionRecord {
  return {
    id: row.id,
    orderId: row.orderId,
    ordersn: row.ordersn,
    sellerId: row.sellerId,
    note: row.note,
    questionFlag: row.questionFlag,
    createTime: row.createdAt.toISOString(),
  };
}

/**
 * The questions the actor may see at all: the seller side only its seller's; warehouse roles
 * only those on orders of their warehouses (a note with no order tells no warehouse, so they
 * do not see it); agents and administrators all of the tenant's.
 */
function visibleTo(actor: Actor): SQL | undefined {
  if (isWarehouseBound(actor))
    return sql`${orderQuestions.orderId} in (select ${orders.id} from ${orders} where ${warehouseScope(actor, orders.warehouseId)})`;
  return sellerScope(actor, orderQuestions.sellerId);
}

function assertSettable(actor: Actor, flag: number): asserts flag is QuestionFlag {
  if (!(flagsSettableBy(actor.userRole) as readonly number[]).includes(flag))
    throw new AppError('question.flag_not_allowed', { questionFlag: flag });
}

/** GET /orderNoteRec/queryPendingQuestions: the questions waiting for the actor's side, newest first. */
export async function pendingQuestions(
  tx: TenantTx,
  actor: Actor,
  input: PendingQuestionsQuery,
): Promise<Page<QuestionRecord>> {
  const flag = pendingFlagFor(actor.userRole);
  if (input.questionFlag !== undefined && input.questionFlag !== flag)
    throw new AppError('question.flag_not_allowed', { questionFlag: input.questionFlag });
  const where = and(visibleTo(actor), eq(orderQuestions.questionFlag, flag));
  const [total] = await tx.select({ value: count() }).from(orderQuestions).where(where);
  const rows = await tx
    .select()
    .from(orderQuestions)
    .where(where)
    .orderBy(desc(orderQuestions.createdAt), desc(orderQuestions.id))
    .limit(input.pageSize)
    .offset(offsetOf(input));
  return page(rows.map(toRecord), total?.value ?? 0, input.pageNo, input.pageSize);
}

/** How many questions wait for the actor's side, for the dashboard and the popover's badge. */
export async function pendingQuestionCount(tx: TenantTx, actor: Actor): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(orderQuestions)
    .where(and(visibleTo(actor), eq(orderQuestions.questionFlag, pendingFlagFor(actor.userRole))));
  return row?.value ?? 0;
}

const rowColumns = {
  question: orderQuestions,
  authorName: sql<string | null>`coalesce(nullif(${users.realname}, ''), ${users.username})`,
  authorRole: users.userRole,
};

function toRow(row: {
  question: QuestionRowData;
  authorName: string | null;
  authorRole: UserRole | null;
}): QuestionRow {
  return {
    ...toRecord(row.question),
    authorName: row.authorName,
    authorSide: row.authorRole ? sideOf(row.authorRole) : null,
  };
}

/**
 * GET /orderNoteRec/list: the feedback queue. Questions waiting for the actor's side come
 * first, then the rest, newest first within each; filtered by pending or handled and by part
 * of the order number.
 */
export async function listQuestions(
  tx: TenantTx,
  actor: Actor,
  input: QuestionListQuery,
): Promise<Page<QuestionRow>> {
  const mine = pendingFlagFor(actor.userRole);
  const where = allOf([
    visibleTo(actor),
    input.status === 'pending' ? eq(orderQuestions.questionFlag, mine) : undefined,
    input.status === 'handled' ? ne(orderQuestions.questionFlag, mine) : undefined,
    input.ordersn ? ilike(orderQuestions.ordersn, contains(input.ordersn)) : undefined,
  ]);
  const [total] = await tx.select({ value: count() }).from(orderQuestions).where(where);
  const rows = await tx
    .select(rowColumns)
    .from(orderQuestions)
    .leftJoin(users, eq(users.id, orderQuestions.createdBy))
    .where(where)
    .orderBy(
      desc(sql`${orderQuestions.questionFlag} = ${mine}`),
      desc(orderQuestions.createdAt),
      desc(orderQuestions.id),
    )
    .limit(input.pageSize)
    .offset(offsetOf(input));
  return page(rows.map(toRow), total?.value ?? 0, input.pageNo, input.pageSize);
}

/** The orders with this number the actor sees (one, unless several sellers use the same number). */
async function ordersNumbered(
  tx: TenantTx,
  actor: Actor,
  ordersn: string,
  narrow: { orderId?: string; sellerId?: string },
): Promise<QuestionOrder[]> {
  return tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      systemNo: orders.systemNo,
      sellerId: orders.sellerId,
      sellerName: sql<string>`coalesce(nullif(${users.realname}, ''), ${users.username})`,
      warehouseCode: warehouses.code,
      localStatus: orders.localStatus,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .where(
      allOf([
        orderScope(actor),
        eq(orders.orderNo, ordersn),
        narrow.orderId ? eq(orders.id, narrow.orderId) : undefined,
        narrow.sellerId ? eq(orders.sellerId, narrow.sellerId) : undefined,
      ]),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(50);
}

/** The notes on an order: those naming it, and those from before orders existed with its number and seller. */
function onOrder(order: Pick<QuestionOrder, 'id' | 'orderNo' | 'sellerId'>): SQL | undefined {
  return or(
    eq(orderQuestions.orderId, order.id),
    and(
      isNull(orderQuestions.orderId),
      eq(orderQuestions.ordersn, order.orderNo),
      eq(orderQuestions.sellerId, order.sellerId),
    ),
  );
}

async function notesWhere(tx: TenantTx, where: SQL | undefined): Promise<QuestionRow[]> {
  const newest = await tx
    .select(rowColumns)
    .from(orderQuestions)
    .leftJoin(users, eq(users.id, orderQuestions.createdBy))
    .where(where)
    .orderBy(desc(orderQuestions.createdAt), desc(orderQuestions.id))
    .limit(CONVERSATION_NOTES_MAX);
  return newest.reverse().map(toRow);
}

/**
 * GET /orderNoteRec/queryByOrder: every note on one order the actor sees, oldest first, with
 * who wrote it. Several orders with the number answer them to choose from; no order but notes
 * from before orders existed answers those notes; neither answers 'order.not_found'.
 */
export async function orderConversation(
  tx: TenantTx,
  actor: Actor,
  input: ConversationQuery,
): Promise<OrderConversation> {
  const found = await ordersNumbered(tx, actor, input.ordersn, { orderId: input.orderId });
  if (input.orderId && found.length === 0) throw new AppError('order.not_found');
  if (found.length > 1) return { ordersn: input.ordersn, order: null, candidates: found, notes: [] };
  const [order] = found;
  if (order)
    return {
      ordersn: order.orderNo,
      order,
      candidates: [],
      notes: await notesWhere(tx, and(visibleTo(actor), onOrder(order))),
    };
  const orphans = await notesWhere(
    tx,
    and(visibleTo(actor), isNull(orderQuestions.orderId), eq(orderQuestions.ordersn, input.ordersn)),
  );
  if (orphans.length === 0) throw new AppError('order.not_found');
  return { ordersn: input.ordersn, order: null, candidates: [], notes: orphans };
}

/** PUT /orderNoteRec/updateQuestionFlag: hands a question to the other side or resolves it. */
export async function updateQuestionFlag(
  tx: TenantTx,
  actor: Actor,
  input: UpdateQuestionFlagBody,
): Promise<QuestionRecord> {
  assertSettable(actor, input.questionFlag);
  const [row] = await tx
    .update(orderQuestions)
    .set({ questionFlag: input.questionFlag, updatedAt: new Date() })
    .where(and(eq(orderQuestions.id, input.id), visibleTo(actor)))
    .returning();
  if (!row) throw new AppError('question.not_found');
  return toRecord(row);
}

/**
 * POST /orderNoteRec/add: a note on an order the actor sees, linked to it and filed under its
 * seller. It answers what waited for the writer's side on that order, and waits for the other
 * side (or for nobody, flag 0).
 */
export async function addQuestion(
  tx: TenantTx,
  actor: Actor,
  input: AddQuestionBody,
): Promise<QuestionRecord> {
  assertSettable(actor, input.questionFlag);
  if (isSellerBound(actor) && input.sellerId && input.sellerId !== actor.sellerId)
    throw new AppError('question.seller_not_found');
  const found = await ordersNumbered(tx, actor, input.ordersn, {
    orderId: input.orderId,
    sellerId: input.sellerId,
  });
  if (found.length > 1) throw new AppError('question.order_ambiguous', { ordersn: input.ordersn });
  const [order] = found;
  if (!order) throw new AppError('order.not_found');
  await tx
    .update(orderQuestions)
    .set({ questionFlag: QUESTION_FLAG.resolved, updatedAt: new Date() })
    .where(and(onOrder(order), eq(orderQuestions.questionFlag, pendingFlagFor(actor.userRole))));
  const [row] = await tx
    .insert(orderQuestions)
    .values({
      orderId: order.id,
      ordersn: order.orderNo,
      sellerId: order.sellerId,
      note: input.note,
      questionFlag: input.questionFlag,
      createdBy: actor.userId,
    })
    .returning();
  if (!row) throw new AppError('common.internal');
  return toRecord(row);
}
