/**
 * The calls behind the feedback pages (/shopee/orderFeedbackSeller, /shopee/orderFeedback) and
 * an order's conversation: the queue of questions, one order's notes, writing a note and marking
 * a question handled. A change refreshes the queue, the conversation, the header's popover and
 * the dashboard's count.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageResult } from '@shared/contract/common.js';
import {
  orderConversation,
  questionRecord,
  questionRow,
  type AddQuestionBody,
  type QuestionListQuery,
  type UpdateQuestionFlagBody,
} from '@shared/contract/questions.js';
import { changeRequest, getParsed, type Envelope } from '../client.js';
import { queryKeys } from '../query-keys.js';

export type QuestionFilter = Pick<QuestionListQuery, 'pageNo' | 'pageSize'> &
  Partial<Pick<QuestionListQuery, 'status' | 'ordersn'>>;

/** GET /orderNoteRec/list: the queue, questions waiting for the caller's side first. */
export const fetchQuestions = (filter: QuestionFilter) =>
  getParsed('/orderNoteRec/list', pageResult(questionRow), { ...filter });

/** GET /orderNoteRec/queryByOrder: every note on one order, oldest first. */
export const fetchConversation = (ordersn: string, orderId?: string) =>
  getParsed('/orderNoteRec/queryByOrder', orderConversation, { ordersn, orderId });

/** POST /orderNoteRec/add: a note on the order (a question to the other side, or a note that needs no answer). */
export const addQuestion = (body: AddQuestionBody) =>
  changeRequest('POST', '/orderNoteRec/add', questionRecord, body);

/** PUT /orderNoteRec/updateQuestionFlag: 0 marks a question handled. */
export const setQuestionFlag = (body: UpdateQuestionFlagBody) =>
  changeRequest('PUT', '/orderNoteRec/updateQuestionFlag', questionRecord, body);

export function useQuestions(filter: QuestionFilter) {
  return useQuery({
    queryKey: queryKeys.questions.query('list', filter),
    queryFn: () => fetchQuestions(filter),
    placeholderData: keepPreviousData,
  });
}

export function useConversation(ordersn: string, orderId?: string) {
  return useQuery({
    queryKey: queryKeys.questions.query('conversation', { ordersn, orderId: orderId ?? null }),
    queryFn: () => fetchConversation(ordersn, orderId),
    enabled: ordersn !== '',
    retry: false,
  });
}

/**
 * A note or flag change; the queue, conversations, the popover's pending list (SHELL_KEYS) and
 * the dashboard refresh after it.
 */
export function useQuestionChange<I, T>(mutationFn: (input: I) => Promise<Envelope<T>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.questions.all }),
        client.invalidateQueries({ queryKey: ['shell', 'questions'] }),
        client.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}
