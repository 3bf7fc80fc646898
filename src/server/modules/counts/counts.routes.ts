/** Stock check order calls: list, detail, create, assign, close, review, and the handheld's open counts. HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idQuery, pageResult, string, cacheBuster } from '@shared/contract/common.js';
import {
  assignCountInput,
  closeCountInput,
  countDetail,
  countListQuery,
  countRow,
  countSheetQuery,
  countTask,
  createCountInput,
  reviewCountInput,
  reviewCountView,
} from '@shared/contract/counts.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { sendPdf } from '../../http/pdf-reply.js';
import { needs, said } from '../../http/route-kit.js';
import { translatorFor } from '../../i18n.js';
import { renderCountSheets } from '../printing/index.js';
import { inActorTenant } from '../../http/scope.js';
import { countSheetData, getCount, listCounts, listCountTasks } from './counts.queries.js';
import { reviewCount } from './count-review.service.js';
import { assignCount, closeCount, createCount } from './counts.service.js';

export async function countsRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['counts'];
  const done = { 200: envelope(z.object({ id: string() })) };

  api.get(
    '/stock/check/list',
    {
      config: needs(PERMISSIONS.countList),
      schema: { tags, querystring: countListQuery, response: { 200: envelope(pageResult(countRow)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listCounts(tx, actor, request.query))),
  );

  api.get(
    '/stock/check/detail',
    {
      config: needs(PERMISSIONS.countList),
      schema: { tags, querystring: idQuery, response: { 200: envelope(countDetail) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => getCount(tx, actor, request.query.id))),
  );

  api.post(
    '/stock/check/add',
    {
      config: needs(PERMISSIONS.countEdit),
      schema: {
        tags,
        body: createCountInput,
        response: { 200: envelope(z.object({ id: string(), countNo: string() })) },
      },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => createCount(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );

  api.post(
    '/stock/check/assign',
    { config: needs(PERMISSIONS.countEdit), schema: { tags, body: assignCountInput, response: done } },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => assignCount(tx, actor, request.body)),
        said(request, 'saved'),
      ),
  );

  api.post(
    '/stock/check/close',
    { config: needs(PERMISSIONS.countEdit), schema: { tags, body: closeCountInput, response: done } },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => closeCount(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.post(
    '/stock/check/review',
    {
      config: needs(PERMISSIONS.countReview),
      schema: { tags, body: reviewCountInput, response: { 200: envelope(reviewCountView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => reviewCount(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.get(
    '/stock/check/sheet',
    {
      config: needs(PERMISSIONS.countList),
      schema: { tags, querystring: countSheetQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const t = translatorFor(language);
      const sheets = await inActorTenant(db, request, (tx, actor) =>
        countSheetData(tx, actor, request.query.ids),
      );
      const pdf = await renderCountSheets(
        sheets.map((sheet) => ({ ...sheet, type: t(`counts:type.${sheet.type}`) })),
        language,
      );
      return sendPdf(reply, {
        pdf,
        fileName: sheets.length === 1 ? `${sheets[0]?.countNo}.pdf` : 'count-sheets.pdf',
      });
    },
  );

  api.get(
    '/pda/counts',
    {
      config: needs(PERMISSIONS.pdaSync),
      schema: { tags, querystring: cacheBuster, response: { 200: envelope(z.array(countTask)) } },
    },
    async (request) => ok(await inActorTenant(db, request, (tx, actor) => listCountTasks(tx, actor))),
  );
}
