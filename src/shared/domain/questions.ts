/**
 * Order questions (spec 01 §2 dialog 5, §6): notes on an order that wait for one side to answer.
 * questionFlag 1 waits for the seller, 2 for the warehouse or agent side, 0 is resolved.
 *
 * A note is written by one side and, when it asks something, waits for the other side: a
 * seller's note waits for the warehouse side (2), a warehouse or agent note for the seller (1).
 * Writing on an order answers what waited for the writer's side on that order (those notes
 * become 0); marking a question handled sets it to 0 without a note.
 */
import { isSellerSide, type UserRole } from './roles.js';

export const QUESTION_FLAG = { resolved: 0, waitingForSeller: 1, waitingForWarehouse: 2 } as const;
export type QuestionFlag = (typeof QUESTION_FLAG)[keyof typeof QUESTION_FLAG];
export const QUESTION_FLAGS = [0, 1, 2] as const satisfies readonly QuestionFlag[];

/** The spec's notification page size, and the most a page may hold. */
export const QUESTION_PAGE_SIZE = 10;
export const QUESTION_PAGE_SIZE_MAX = 50;
export const QUESTION_NOTE_MAX = 1000;
/** The most notes one order's conversation answers (oldest first). */
export const CONVERSATION_NOTES_MAX = 500;

/** The two sides of a conversation: the seller (and their staff) and everyone else. */
export const QUESTION_SIDES = ['seller', 'warehouse'] as const;
export type QuestionSide = (typeof QUESTION_SIDES)[number];

export function sideOf(role: UserRole): QuestionSide {
  return isSellerSide(role) ? 'seller' : 'warehouse';
}

/**
 * The feedback queue's filter: questions waiting for the viewer's side (pending), or the rest
 * (handled: answered, resolved, or waiting for the other side).
 */
export const QUESTION_STATUSES = ['pending', 'handled'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** The flag of the questions waiting for this role: 1 for the seller side, 2 otherwise (spec 01 §6). */
export function pendingFlagFor(role: UserRole): QuestionFlag {
  return isSellerSide(role) ? QUESTION_FLAG.waitingForSeller : QUESTION_FLAG.waitingForWarehouse;
}

/** The flag a note of this role carries when it asks the other side: 2 from the seller side, 1 otherwise. */
export function askingFlagFor(role: UserRole): QuestionFlag {
  return isSellerSide(role) ? QUESTION_FLAG.waitingForWarehouse : QUESTION_FLAG.waitingForSeller;
}

/** Whether a question with this flag waits for this role's side. */
export function isWaitingFor(role: UserRole, flag: number): boolean {
  return flag === pendingFlagFor(role);
}

/**
 * The flags a side may set when it writes a note or answers: the seller side hands the question
 * to the warehouse (2) or resolves it (0); the other side hands it to the seller (1) or resolves it.
 */
export function flagsSettableBy(role: UserRole): readonly QuestionFlag[] {
  return [QUESTION_FLAG.resolved, askingFlagFor(role)];
}
