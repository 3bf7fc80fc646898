/**
 * Orders by spreadsheet: the template (header in the asker's language) and the all-or-nothing
 * import with its row-by-row report (columns named as the template names them in the asker's
 * language), for those who enter orders. HTTP only. Both registered by hand, not declared
 * (http/route-kit.ts): the template answers a spreadsheet, the import takes a multipart upload.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shared/contract/common.js';
import {
  ORDER_SHEET_COLUMNS,
  ORDER_SHEET_LIMITS,
  orderImportQuery,
  orderImportSummary,
  orderSheetTemplateQuery,
  type OrderSheetColumn,
} from '@shared/contract/order-sheet.js';
import type { Language } from '@shared/i18n/languages.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { needs } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { sendRowReport, sendSheet, XLSX } from '../../http/sheet-reply.js';
import { translatorFor } from '../../i18n.js';
import { readFiles } from '../files/index.js';
import { importOrders, orderTemplate } from './order-import.service.js';
import { headerLabels, readOrderSheet } from './order-sheet.js';

function columnLabel(column: string, language: string): string {
  const index = ORDER_SHEET_COLUMNS.indexOf(column as OrderSheetColumn);
  return index >= 0 ? (headerLabels(language as Language)[index] ?? column) : column;
}

export async function ordersExcelRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['order'];

  api.get(
    '/order/excel/template',
    {
      config: needs(PERMISSIONS.orderAdd),
      schema: { tags, querystring: orderSheetTemplateQuery, produces: [XLSX] },
    },
    async (request, reply) => sendSheet(reply, await orderTemplate(requestLanguage(request))),
  );

  api.post(
    '/order/excel/import',
    {
      config: needs(PERMISSIONS.orderAdd),
      schema: {
        tags,
        querystring: orderImportQuery,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(orderImportSummary) },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const [file] = await readFiles(request, {
        files: 1,
        fileBytes: ORDER_SHEET_LIMITS.fileBytes,
        fields: 2,
        fieldBytes: 100,
      });
      const rows = await readOrderSheet(file?.data ?? Buffer.alloc(0), language);
      const outcome = await inActorTenant(db, request, (tx, actor) =>
        importOrders(tx, actor, {
          rows,
          sellerId: request.query.sellerId || undefined,
          timeZone: request.query.tz,
          passReview: request.query.passReview === 'true',
        }),
      );
      if (!outcome.ok)
        return sendRowReport(request, reply, outcome.problems, {
          limit: ORDER_SHEET_LIMITS.reportedErrors,
          columnLabel,
        });
      const { orders, lines } = outcome.summary;
      return ok(outcome.summary, translatorFor(language)('order-import:done', { orders, lines }));
    },
  );
}
