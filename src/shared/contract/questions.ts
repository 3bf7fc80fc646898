/** The order-question calls of spec 01 §7 (/orderNoteRec/*), behind the header's notification popover. */
import { z } from 'zod';
import { QUESTION_NOTE_MAX, QUESTION_PAGE_SIZE, QUESTION_PAGE_SIZE_MAX } from '../domain/questions.js';
import { requiredText, string, uuid } from './common.js';

const questionFlag = z.number().int().min(0).max(2);

export const pendingQuestionsQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QUESTION_PAGE_SIZE_MAX).default(QUESTION_PAGE_SIZE),
  /** 1 for the seller side, 2 otherwise; the role's own flag when left out. */
  questionFlag: z.coerce.number().int().min(0).max(2).optional(),
  _t: string().max(20).optional(),
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

export const addQuestionBody = z.strictObject({
  ordersn: requiredText(64),
  note: requiredText(QUESTION_NOTE_MAX),
  questionFlag,
  orderId: uuid.optional(),
  /** The seller the question is for; required when the agent or warehouse side writes it. */
  sellerId: uuid.optional(),
});
export type AddQuestionBody = z.infer<typeof addQuestionBody>;
