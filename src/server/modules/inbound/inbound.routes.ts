/**
 * Inbound calls: make, change, cancel, list and read orders; receive, report, shelve and finish
 * boxes. HTTP only.
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
import { needs, said } from '../../http/route-kit.js';
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

export async function inboundRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['inbound'];
  const change = { 200: envelope(inboundChangeView) };

  api.post(
    '/inbound/order/add',
    {
      config: needs(PERMISSIONS.inboundAdd),
      schema: {
        tags,
        body: createInboundInput,
        response: { 200: envelope(z.object({ id: z.string(), inboundNo: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => createInboundOrder(tx, actor, request.body)),
        said(request, 'saved'),
      ),
  );

  api.put(
    '/inbound/order/edit',
    {
      config: needs(PERMISSIONS.inboundEdit),
      schema: {
        tags,
        body: editInboundInput,
        response: { 200: envelope(z.object({ id: z.string(), inboundNo: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => editInboundOrder(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.post(
    '/inbound/order/cancel',
    {
      config: needs(PERMISSIONS.inboundEdit),
      schema: {
        tags,
        body: cancelInboundInput,
        response: { 200: envelope(z.object({ id: z.string(), status: z.enum(INBOUND_STATUSES) })) },
      },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => cancelInboundOrder(tx, actor, request.body)),
        said(request, 'saved'),
      ),
  );

  api.get(
    '/inbound/order/list',
    {
      config: needs(PERMISSIONS.inboundList),
      schema: {
        tags,
        querystring: inboundListQuery,
        response: { 200: envelope(pageResult(inboundOrderRow)) },
      },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listInboundOrders(tx, actor, request.query))),
  );

  api.get(
    '/inbound/order/detail',
    {
      config: needs(PERMISSIONS.inboundList),
      schema: { tags, querystring: idQuery, response: { 200: envelope(inboundDetail) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => getInboundOrder(tx, actor, request.query.id))),
  );

  api.post(
    '/inbound/order/receive',
    {
      config: needs(PERMISSIONS.inboundReceive),
      schema: { tags, body: receiveInboundInput, response: change },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => receiveInbound(tx, actor, request.body)),
        said(request, 'saved'),
      ),
  );

  api.post(
    '/inbound/order/discrepancy',
    {
      config: needs(PERMISSIONS.inboundReceive),
      schema: { tags, body: reportDiscrepancyInput, response: change },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => reportDiscrepancy(tx, actor, request.body)),
        said(request, 'saved'),
      ),
  );

  api.post(
    '/inbound/order/box/finish',
    { config: needs(PERMISSIONS.inboundReceive), schema: { tags, body: finishBoxInput, response: change } },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => finishBox(tx, actor, request.body)),
        said(request, 'saved'),
      ),
  );

  api.post(
    '/inbound/order/shelve',
    {
      config: needs(PERMISSIONS.inboundShelve),
      schema: { tags, body: shelveInboundInput, response: change },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => shelveInbound(tx, actor, request.body)),
        said(request, 'saved'),
      ),
  );

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
