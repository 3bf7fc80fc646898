import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, pageResult } from '@shared/contract/common.js';
import {
  addQuestionBody,
  pendingQuestionsQuery,
  questionRecord,
  updateQuestionFlagBody,
} from '@shared/contract/questions.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import { translatorFor } from '../../i18n.js';
import { addQuestion, pendingQuestions, updateQuestionFlag } from './questions.service.js';

export async function questionRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const t = (request: Parameters<typeof requestLanguage>[0]) => translatorFor(requestLanguage(request));

  api.get(
    '/orderNoteRec/queryPendingQuestions',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['questions'],
        querystring: pendingQuestionsQuery,
        response: { 200: envelope(pageResult(questionRecord)) },
      },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => pendingQuestions(tx, actor, request.query))),
  );

  api.put(
    '/orderNoteRec/updateQuestionFlag',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['questions'],
        body: updateQuestionFlagBody,
        response: { 200: envelope(questionRecord) },
      },
    },
    async (request) => {
      const result = await inActorTenant(db, request, (tx, actor) =>
        updateQuestionFlag(tx, actor, request.body),
      );
      return ok(result, t(request)('messages:updated'));
    },
  );

  api.post(
    '/orderNoteRec/add',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['questions'], body: addQuestionBody, response: { 200: envelope(questionRecord) } },
    },
    async (request) => {
      const result = await inActorTenant(db, request, (tx, actor) => addQuestion(tx, actor, request.body));
      return ok(result, t(request)('messages:added'));
    },
  );
}
