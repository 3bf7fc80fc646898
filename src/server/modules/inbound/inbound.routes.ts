/**
 * Inbound calls: make, change, cancel, list and read orders; receive, report, shelve and finish
 * boxes. Declarations (http/route-kit.ts), but for three registered by hand: the box list's
 * template (it answers a spreadsheet), its import (multipart, answering a report sheet when rows
 * are wrong) and the box labels (they answer a PDF).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idQuery, pageResult } from '@shared/contract/common.js';
import {
  BOX_SHEET_LIMITS,
  boxLabelQuery,
  boxSheetTemplateQuery,
  cancelInboundInput,
  createInboundInput,
  editInboundInput,
  finishBoxInput,
  inboundChangeView,
  inboundDetail,
  inboundListQuery,
  importedBoxList,
  inboundOrderRow,
  receiveInboundInput,
  reportDiscrepancyInput,
  shelveInboundInput,
} from '@shared/contract/inbound.js';
import { INBOUND_STATUSES } from '@shared/domain/inbound.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { z } from 'zod';
import { declareRoutes, needs, route } from '../../http/route-kit.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { sendSheet, XLSX } from '../../http/sheet-reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import { translatorFor } from '../../i18n.js';
import { readFiles } from '../files/index.js';
import { sendPdf } from '../../http/pdf-reply.js';
import { sendBoxListReport } from './inbound-excel-reply.js';
import { boxListTemplate, importBoxList } from './inbound-excel.service.js';
import { readBoxSheet } from './inbound-excel-sheet.js';
import { boxLabels } from './inbound-labels.service.js';
import { shelveInbound } from './inbound-shelving.service.js';
import { finishBox, receiveInbound, reportDiscrepancy } from './inbound-work.service.js';
import { getInboundOrder, listInboundOrders } from './inbound.queries.js';
import { cancelInboundOrder, createInboundOrder, editInboundOrder } from './inbound.service.js';

const saved = z.object({ id: z.string(), inboundNo: z.string() });

export async function inboundRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['inbound'];

  declareRoutes(app, deps, 'inbound', [
    route({
      method: 'POST',
      url: '/inbound/order/add',
      permission: PERMISSIONS.inboundAdd,
      input: createInboundInput,
      reply: saved,
      message: 'saved',
      run: createInboundOrder,
    }),
    route({
      method: 'PUT',
      url: '/inbound/order/edit',
      permission: PERMISSIONS.inboundEdit,
      input: editInboundInput,
      reply: saved,
      message: 'updated',
      run: editInboundOrder,
    }),
    route({
      method: 'POST',
      url: '/inbound/order/cancel',
      permission: PERMISSIONS.inboundEdit,
      input: cancelInboundInput,
      reply: z.object({ id: z.string(), status: z.enum(INBOUND_STATUSES) }),
      message: 'saved',
      run: cancelInboundOrder,
    }),
    route({
      method: 'GET',
      url: '/inbound/order/list',
      permission: PERMISSIONS.inboundList,
      input: inboundListQuery,
      reply: pageResult(inboundOrderRow),
      run: listInboundOrders,
    }),
    route({
      method: 'GET',
      url: '/inbound/order/detail',
      permission: PERMISSIONS.inboundList,
      input: idQuery,
      reply: inboundDetail,
      run: (tx, actor, query) => getInboundOrder(tx, actor, query.id),
    }),
    route({
      method: 'POST',
      url: '/inbound/order/receive',
      permission: PERMISSIONS.inboundReceive,
      input: receiveInboundInput,
      reply: inboundChangeView,
      message: 'saved',
      run: receiveInbound,
    }),
    route({
      method: 'POST',
      url: '/inbound/order/discrepancy',
      permission: PERMISSIONS.inboundReceive,
      input: reportDiscrepancyInput,
      reply: inboundChangeView,
      message: 'saved',
      run: reportDiscrepancy,
    }),
    route({
      method: 'POST',
      url: '/inbound/order/box/finish',
      permission: PERMISSIONS.inboundReceive,
      input: finishBoxInput,
      reply: inboundChangeView,
      message: 'saved',
      run: finishBox,
    }),
    route({
      method: 'POST',
      url: '/inbound/order/shelve',
      permission: PERMISSIONS.inboundShelve,
      input: shelveInboundInput,
      reply: inboundChangeView,
      message: 'saved',
      run: shelveInbound,
    }),
  ]);

  // The template answers a spreadsheet, the import is multipart (answering a report sheet when
  // rows are wrong) and the labels answer a PDF: registered by hand, in their place.
  api.get(
    '/inbound/order/excel/template',
    {
      config: needs(PERMISSIONS.inboundAdd),
      schema: { tags, querystring: boxSheetTemplateQuery, produces: [XLSX] },
    },
    async (request, reply) => sendSheet(reply, await boxListTemplate(requestLanguage(request))),
  );

  api.post(
    '/inbound/order/excel/import',
    {
      config: needs(PERMISSIONS.inboundAdd),
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(importedBoxList) } },
    },
    async (request, reply) => {
      const [file] = await readFiles(request, {
        files: 1,
        fileBytes: BOX_SHEET_LIMITS.fileBytes,
        fields: 2,
        fieldBytes: 100,
      });
      const rows = await readBoxSheet(file?.data ?? Buffer.alloc(0), requestLanguage(request));
      const outcome = await inActorTenant(db, request, (tx, actor) => importBoxList(tx, actor, { rows }));
      if (!outcome.ok) return sendBoxListReport(request, reply, outcome.problems);
      const boxes = outcome.list.boxes;
      const lines = boxes.reduce((sum, box) => sum + box.lines.length, 0);
      const t = translatorFor(requestLanguage(request));
      return ok(outcome.list, t('inbound:excel.import_done', { boxes: boxes.length, lines }));
    },
  );

  api.get(
    '/inbound/order/box/labels',
    {
      config: needs(PERMISSIONS.inboundList),
      schema: { tags, querystring: boxLabelQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const file = await inActorTenant(db, request, (tx, actor) =>
        boxLabels(tx, actor, { id: request.query.id, language }),
      );
      return sendPdf(reply, file);
    },
  );
}
