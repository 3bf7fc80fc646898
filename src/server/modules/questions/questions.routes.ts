/**
 * Order-question calls: the popover's pending list (everyone signed in), and the feedback
 * pages' queue, conversation, notes and flags (the order-question permission). Declarations
 * only (http/route-kit.ts).
 */
import type { FastifyInstance } from 'fastify';
import { pageResult } from '@shared/contract/common.js';
import {
  addQuestionBody,
  conversationQuery,
  orderConversation as orderConversationView,
  pendingQuestionsQuery,
  questionListQuery,
  questionRecord,
  questionRow,
  updateQuestionFlagBody,
} from '@shared/contract/questions.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { declareRoutes, route } from '../../http/route-kit.js';
import {
  addQuestion,
  listQuestions,
  orderConversation,
  pendingQuestions,
  updateQuestionFlag,
} from './questions.service.js';

export async function questionRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'questions', [
    route({
      method: 'GET',
      url: '/orderNoteRec/queryPendingQuestions',
      permission: 'authenticated',
      input: pendingQuestionsQuery,
      reply: pageResult(questionRecord),
      run: pendingQuestions,
    }),
    route({
      method: 'GET',
      url: '/orderNoteRec/list',
      permission: PERMISSIONS.orderQuestion,
      input: questionListQuery,
      reply: pageResult(questionRow),
      run: listQuestions,
    }),
    route({
      method: 'GET',
      url: '/orderNoteRec/queryByOrder',
      permission: PERMISSIONS.orderQuestion,
      input: conversationQuery,
      reply: orderConversationView,
      run: orderConversation,
    }),
    route({
      method: 'PUT',
      url: '/orderNoteRec/updateQuestionFlag',
      permission: PERMISSIONS.orderQuestion,
      input: updateQuestionFlagBody,
      reply: questionRecord,
      message: 'updated',
      run: updateQuestionFlag,
    }),
    route({
      method: 'POST',
      url: '/orderNoteRec/add',
      permission: PERMISSIONS.orderQuestion,
      input: addQuestionBody,
      reply: questionRecord,
      message: 'added',
      run: addQuestion,
    }),
  ]);
}
