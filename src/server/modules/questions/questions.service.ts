/**
 * Order questions: notes on an order passed between a seller and the warehouse or agent side
 * until one of them resolves it. The seller side sees only its own seller's questions; the
 * other side sees the tenant's. Which flag each side may see and set is in
 * src/shared/domain/questions.ts.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type {
  AddQuestionBody,
  PendingQuestionsQuery,
  QuestionRecord,
  UpdateQuestionFlagBody,
} from '@shared/contract/questions.js';
import { flagsSettableBy, pendingFlagFor, type QuestionFlag } from '@shared/domain/questions.js';
import { isSellerSide } from '@shared/domain/roles.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { users } from '../identity/index.js';
import { orderQuestions } from './questions.tables.js';

type QuestionRow = typeof orderQuestions.$inferSelect;

function toRecord(row: QuestionRow): QuestionRecord {
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

/** The questions the actor may see at all: the seller side only its seller's. */
function visibleTo(actor: Actor): SQL | undefined {
  if (!isSellerSide(actor.userRole)) return undefined;
  // A seller-side account without a seller sees nothing rather than everything.
  return eq(orderQuestions.sellerId, actor.sellerId ?? '00000000-0000-0000-0000-000000000000');
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
    .offset((input.pageNo - 1) * input.pageSize);
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

/** The seller a new question belongs to: the actor's own on the seller side, else the one named. */
async function sellerOf(tx: TenantTx, actor: Actor, sellerId: string | undefined): Promise<string> {
  if (isSellerSide(actor.userRole)) {
    if (!actor.sellerId || (sellerId && sellerId !== actor.sellerId))
      throw new AppError('question.seller_not_found');
    return actor.sellerId;
  }
  if (!sellerId) throw new AppError('question.seller_required');
  const [seller] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, sellerId), eq(users.userRole, 'seller')));
  if (!seller) throw new AppError('question.seller_not_found');
  return seller.id;
}

/** POST /orderNoteRec/add: a note on an order, waiting for the other side or already resolved. */
export async function addQuestion(
  tx: TenantTx,
  actor: Actor,
  input: AddQuestionBody,
): Promise<QuestionRecord> {
  assertSettable(actor, input.questionFlag);
  const sellerId = await sellerOf(tx, actor, input.sellerId);
  const [row] = await tx
    .insert(orderQuestions)
    .values({
      orderId: input.orderId ?? null,
      ordersn: input.ordersn,
      sellerId,
      note: input.note,
      questionFlag: input.questionFlag,
      createdBy: actor.userId,
    })
    .returning();
  if (!row) throw new AppError('common.internal');
  return toRecord(row);
}
