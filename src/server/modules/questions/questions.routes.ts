/**
 * Order-question calls: the popover's pending list (everyone signed in), and the feedback
 * pages' queue, conversation, notes and flags (the order-question permission). HTTP only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, pageResult } from '@shared/contract/common.js';
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
import { ok } from '../../http/reply.js';
import { needs, said } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import {
  addQuestion,
  listQuestions,
  orderConversation,
  pendingQuestions,
  updateQuestionFlag,
} from './questions.service.js';

export async function questionRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['questions'];

  api.get(
    '/orderNoteRec/queryPendingQuestions',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        querystring: pendingQuestionsQuery,
        response: { 200: envelope(pageResult(questionRecord)) },
      },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => pendingQuestions(tx, actor, request.query))),
  );

  api.get(
    '/orderNoteRec/list',
    {
      config: needs(PERMISSIONS.orderQuestion),
      schema: { tags, querystring: questionListQuery, response: { 200: envelope(pageResult(questionRow)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listQuestions(tx, actor, request.query))),
  );

  api.get(
    '/orderNoteRec/queryByOrder',
    {
      config: needs(PERMISSIONS.orderQuestion),
      schema: { tags, querystring: conversationQuery, response: { 200: envelope(orderConversationView) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => orderConversation(tx, actor, request.query))),
  );

  api.put(
    '/orderNoteRec/updateQuestionFlag',
    {
      config: needs(PERMISSIONS.orderQuestion),
      schema: { tags, body: updateQuestionFlagBody, response: { 200: envelope(questionRecord) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => updateQuestionFlag(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.post(
    '/orderNoteRec/add',
    {
      config: needs(PERMISSIONS.orderQuestion),
      schema: { tags, body: addQuestionBody, response: { 200: envelope(questionRecord) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => addQuestion(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );
}
