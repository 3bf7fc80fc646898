/**
 * Stock check order calls: list, detail, create, assign, close, review, and the handheld's open
 * counts. Declarations only (http/route-kit.ts), but for the count sheet, registered by hand
 * because it answers a PDF.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idQuery, pageResult, string, cacheBuster } from '@shared/contract/common.js';
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
import { requestLanguage } from '../../http/request-context.js';
import { sendPdf } from '../../http/pdf-reply.js';
import { declareRoutes, needs, route } from '../../http/route-kit.js';
import { translatorFor } from '../../i18n.js';
import { renderCountSheets } from '../printing/index.js';
import { inActorTenant } from '../../http/scope.js';
import { countSheetData, getCount, listCounts, listCountTasks } from './counts.queries.js';
import { reviewCount } from './count-review.service.js';
import { assignCount, closeCount, createCount } from './counts.service.js';

const done = z.object({ id: string() });

export async function countsRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['counts'];

  declareRoutes(app, deps, 'counts', [
    route({
      method: 'GET',
      url: '/stock/check/list',
      permission: PERMISSIONS.countList,
      input: countListQuery,
      reply: pageResult(countRow),
      run: listCounts,
    }),
    route({
      method: 'GET',
      url: '/stock/check/detail',
      permission: PERMISSIONS.countList,
      input: idQuery,
      reply: countDetail,
      run: (tx, actor, query) => getCount(tx, actor, query.id),
    }),
    route({
      method: 'POST',
      url: '/stock/check/add',
      permission: PERMISSIONS.countEdit,
      input: createCountInput,
      reply: z.object({ id: string(), countNo: string() }),
      message: 'added',
      run: createCount,
    }),
    route({
      method: 'POST',
      url: '/stock/check/assign',
      permission: PERMISSIONS.countEdit,
      input: assignCountInput,
      reply: done,
      message: 'saved',
      run: assignCount,
    }),
    route({
      method: 'POST',
      url: '/stock/check/close',
      permission: PERMISSIONS.countEdit,
      input: closeCountInput,
      reply: done,
      message: 'updated',
      run: closeCount,
    }),
    route({
      method: 'POST',
      url: '/stock/check/review',
      permission: PERMISSIONS.countReview,
      input: reviewCountInput,
      reply: reviewCountView,
      message: 'updated',
      run: reviewCount,
    }),
  ]);

  // The sheet answers a PDF: registered by hand, in its place (the route listing keeps its order).
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

  declareRoutes(app, deps, 'counts', [
    route({
      method: 'GET',
      url: '/pda/counts',
      permission: PERMISSIONS.pdaSync,
      input: cacheBuster,
      reply: z.array(countTask),
      run: (tx, actor) => listCountTasks(tx, actor),
    }),
  ]);
}
