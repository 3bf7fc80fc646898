/**
 * Catalogue spreadsheet calls: template, export, import. HTTP only. All registered by hand, not
 * declared (http/route-kit.ts): the template and the export answer a spreadsheet, the import
 * takes a multipart upload.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogExportQuery, importSummary, SHEET_LIMITS } from '@shared/contract/catalog-excel.js';
import { envelope, string } from '@shared/contract/common.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { sendRowReport, sendSheet, XLSX } from '../../http/sheet-reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import { translatorFor } from '../../i18n.js';
import { readFiles } from '../files/index.js';
import { catalogTemplate, exportCatalog } from './catalog-export.service.js';
import { importCatalog } from './catalog-import.service.js';
import { readCatalogSheet } from './catalog-sheet.js';

export async function catalogExcelRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['catalog'];
  const produces = [XLSX];

  api.get(
    '/catalog/excel/template',
    {
      config: { permission: { code: PERMISSIONS.productList } },
      schema: { tags, querystring: z.strictObject({ _t: string().max(20).optional() }), produces },
    },
    async (_request, reply) => sendSheet(reply, await catalogTemplate()),
  );

  api.get(
    '/catalog/excel/export',
    {
      config: { permission: { code: PERMISSIONS.productList } },
      schema: { tags, querystring: catalogExportQuery, produces },
    },
    async (request, reply) =>
      sendSheet(
        reply,
        await inActorTenant(db, request, (tx, actor) => exportCatalog(tx, actor, request.query)),
      ),
  );

  api.post(
    '/catalog/excel/import',
    {
      config: { permission: { code: PERMISSIONS.productEdit } },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(importSummary) } },
    },
    async (request, reply) => {
      const [file] = await readFiles(request, {
        files: 1,
        fileBytes: SHEET_LIMITS.fileBytes,
        fields: 2,
        fieldBytes: 100,
      });
      const rows = await readCatalogSheet(file?.data ?? Buffer.alloc(0));
      const outcome = await inActorTenant(db, request, (tx, actor) => importCatalog(tx, actor, { rows }));
      if (!outcome.ok)
        return sendRowReport(request, reply, outcome.problems, { limit: SHEET_LIMITS.reportedErrors });
      return ok(outcome.summary, translatorFor(requestLanguage(request))('messages:saved'));
    },
  );
}
