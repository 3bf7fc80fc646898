/**
 * The order-question calls of spec 01 §7 (/orderNoteRec/*): the header's notification popover,
 * and the feedback pages (/shopee/orderFeedbackSeller, /shopee/orderFeedback) with their queue
 * and each order's conversation.
 */
import { z } from 'zod';
import { LOCAL_STATUSES } from '../domain/order.js';
import {
  QUESTION_NOTE_MAX,
  QUESTION_PAGE_SIZE,
  QUESTION_PAGE_SIZE_MAX,
  QUESTION_SIDES,
  QUESTION_STATUSES,
} from '../domain/questions.js';
import { requiredText, string, text, uuid } from './common.js';

const questionFlag = z.number().int().min(0).max(2);
const cacheBuster = string().max(20).optional();
const ordersn = requiredText(64);

export const pendingQuestionsQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QUESTION_PAGE_SIZE_MAX).default(QUESTION_PAGE_SIZE),
  /** 1 for the seller side, 2 otherwise; the role's own flag when left out. */
  questionFlag: z.coerce.number().int().min(0).max(2).optional(),
  _t: cacheBuster,
});
export type PendingQuestionsQuery = z.infer<typeof pendingQuestionsQuery>;

export const questionRecord = z.object({
  id: string(),
  orderId: string().nullable(),
  ordersn: string(),
  sellerId: string(),
  note: string(),
  questionFlag: z.number().int(),
  /** ISO 8601 instant. */
  createTime: string(),
});
export type QuestionRecord = z.infer<typeof questionRecord>;

export const updateQuestionFlagBody = z.strictObject({ id: uuid, questionFlag });
export type UpdateQuestionFlagBody = z.infer<typeof updateQuestionFlagBody>;

/**
 * A note on an order the caller may see. The order is found by its number (ordersn) among the
 * orders the caller sees; orderId picks one when several sellers' orders share the number.
 * questionFlag: the other side's flag to ask them (a seller 2, anyone else 1), or 0 for a note
 * that needs no answer. Writing answers what waited for the writer's side on that order.
 */
export const addQuestionBody = z.strictObject({
  ordersn,
  note: requiredText(QUESTION_NOTE_MAX),
  questionFlag,
  orderId: uuid.optional(),
  /** Narrows the order to this seller's; a seller may name only their own. */
  sellerId: uuid.optional(),
});
export type AddQuestionBody = z.infer<typeof addQuestionBody>;

/** A note as the feedback pages show it: with who wrote it and for which side. */
export const questionRow = questionRecord.extend({
  /** The writer's name; null once the account is gone. */
  authorName: string().nullable(),
  authorSide: z.enum(QUESTION_SIDES).nullable(),
});
export type QuestionRow = z.infer<typeof questionRow>;

/** GET /orderNoteRec/list: the feedback queue, questions waiting for the caller's side first. */
export const questionListQuery = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QUESTION_PAGE_SIZE_MAX).default(QUESTION_PAGE_SIZE),
  /** pending: waiting for the caller's side; handled: the rest; all when left out. */
  status: z.union([z.literal(''), z.enum(QUESTION_STATUSES)]).optional(),
  /** Part of an order number. */
  ordersn: text(64).optional(),
  _t: cacheBuster,
});
export type QuestionListQuery = z.infer<typeof questionListQuery>;

/** GET /orderNoteRec/queryByOrder: one order's conversation. */
export const conversationQuery = z.strictObject({
  ordersn,
  /** The order, when several orders the caller sees have this number. */
  orderId: uuid.optional(),
  _t: cacheBuster,
});
export type ConversationQuery = z.infer<typeof conversationQuery>;

/** The order a conversation is about. */
export const questionOrder = z.object({
  id: string(),
  orderNo: string(),
  systemNo: string(),
  sellerId: string(),
  sellerName: string(),
  warehouseCode: string(),
  localStatus: z.enum(LOCAL_STATUSES),
});
export type QuestionOrder = z.infer<typeof questionOrder>;

export const orderConversation = z.object({
  ordersn: string(),
  /** The order the notes are on; null when several match (see candidates) or none exists any more. */
  order: questionOrder.nullable(),
  /** The orders with this number the caller sees, when there are several to choose from. */
  candidates: z.array(questionOrder),
  /** Every note on the order, oldest first. */
  notes: z.array(questionRow),
});
export type OrderConversation = z.infer<typeof orderConversation>;
