/**
 * Order questions (spec 01 §2 dialog 5, §6): notes on an order that wait for one side to answer.
 * questionFlag 1 waits for the seller, 2 for the warehouse or agent side, 0 is resolved.
 */
import { isSellerSide, type UserRole } from './roles.js';

export const QUESTION_FLAG = { resolved: 0, waitingForSeller: 1, waitingForWarehouse: 2 } as const;
export type QuestionFlag = (typeof QUESTION_FLAG)[keyof typeof QUESTION_FLAG];
export const QUESTION_FLAGS = [0, 1, 2] as const satisfies readonly QuestionFlag[];

/** The spec's notification page size, and the most a page may hold. */
export const QUESTION_PAGE_SIZE = 10;
export const QUESTION_PAGE_SIZE_MAX = 50;
export const QUESTION_NOTE_MAX = 1000;

/** The flag of the questions waiting for this role: 1 for the seller side, 2 otherwise (spec 01 §6). */
export function pendingFlagFor(role: UserRole): QuestionFlag {
  return isSellerSide(role) ? QUESTION_FLAG.waitingForSeller : QUESTION_FLAG.waitingForWarehouse;
}

/**
 * The flags a side may set when it writes a note or answers: the seller side hands the question
 * to the warehouse (2) or resolves it (0); the other side hands it to the seller (1) or resolves it.
 */
export function flagsSettableBy(role: UserRole): readonly QuestionFlag[] {
  return isSellerSide(role)
    ? [QUESTION_FLAG.resolved, QUESTION_FLAG.waitingForWarehouse]
    : [QUESTION_FLAG.resolved, QUESTION_FLAG.waitingForSeller];
}
