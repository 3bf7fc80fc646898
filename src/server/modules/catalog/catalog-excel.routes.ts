/** Catalogue spreadsheet calls: template, export, import. HTTP only. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogExportQuery, importSummary, SHEET_LIMITS } from '../../../shared/contract/catalog-excel.js';
import { envelope } from '../../../shared/contract/common.js';
import { PERMISSIONS } from '../../../shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import { translatorFor } from '../../i18n.js';
import { readFiles } from '../files/index.js';
import { catalogTemplate, exportCatalog, type SheetFile } from './catalog-export.service.js';
import { importCatalog, type RowProblem } from './catalog-import.service.js';
import { readCatalogSheet } from './catalog-sheet.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function sendSheet(reply: FastifyReply, file: SheetFile) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.data);
}

/** 422 with the error envelope and the report: every problem with its row, column and message. */
function sendReport(request: FastifyRequest, reply: FastifyReply, problems: RowProblem[]) {
  const t = translatorFor(requestLanguage(request));
  const report = problems.slice(0, SHEET_LIMITS.reportedErrors).map((problem) => ({
    row: problem.row,
    column: problem.column,
    code: problem.code,
    message: t(`errors:${problem.code}`, { ...problem.params, defaultValue: t('errors:validation.invalid') }),
  }));
  return reply.status(422).send({
    success: false,
    message: t('errors:import.rows_invalid', { count: problems.length }),
    code: 'import.rows_invalid',
    status: 422,
    params: { count: problems.length },
    report,
    result: null,
    timestamp: Date.now(),
  });
}

export async function catalogExcelRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['catalog'];
  const produces = [XLSX];

  api.get(
    '/catalog/excel/template',
    {
      config: { permission: { code: PERMISSIONS.productList } },
      schema: { tags, querystring: z.strictObject({ _t: z.string().max(20).optional() }), produces },
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
      if (!outcome.ok) return sendReport(request, reply, outcome.problems);
      return ok(outcome.summary, translatorFor(requestLanguage(request))('messages:saved'));
    },
  );
}
