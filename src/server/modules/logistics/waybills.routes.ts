/**
 * Waybill calls (src/shared/contract/logistics.ts lists them): the outbound list, arranging and
 * printing in batches, labels (fetch, try again, save again, upload), printed marks, self-shipped
 * parcels and tracking pushed again. Declarations (http/route-kit.ts), but for three registered
 * by hand: the batch's PDF and an order's label (they answer a PDF) and the label's upload
 * (multipart). Batches are queued on the job runner and answered at once with their id; the
 * screen follows their progress (waybill-actions.service.ts).
 * Registered beside the channel and outbound routes (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  arrangeBody,
  batchQuery,
  batchView as batchViewSchema,
  bulkReply,
  labelQuery,
  markPrintedBody,
  markPrintedReply,
  orderIdsBody,
  printBody,
  selfShippedBody,
  waybillListQuery,
  waybillPage,
} from '@shared/contract/logistics.js';
import { LOGISTICS_LIMITS } from '@shared/domain/logistics.js';
import { AppError } from '@shared/errors.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { sendPdf } from '../../http/pdf-reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { ok } from '../../http/reply.js';
import { declareRoutes, needs, nothing, route, said } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { readFiles } from '../files/index.js';
import { batchPdf, batchView } from './batches.service.js';
import type { LogisticsRuntime } from './runtime.js';
import { pushTrackingAgain, queueBatch, refetchLabels, resaveLabels } from './waybill-actions.service.js';
import { labelOf, markPrinted, uploadLabel } from './waybill-labels.service.js';
import { markSelfShipped } from './waybills.service.js';
import { listWaybills } from './waybills.queries.js';

export async function waybillRoutes(app: FastifyInstance, deps: AppDeps, runtime: LogisticsRuntime) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['logistics'];

  declareRoutes(app, deps, 'logistics', [
    route({
      method: 'GET',
      url: '/waybill/list',
      permission: PERMISSIONS.waybillList,
      input: waybillListQuery,
      reply: waybillPage,
      run: listWaybills,
    }),
    route({
      method: 'POST',
      url: '/waybill/arrange',
      permission: PERMISSIONS.waybillArrange,
      input: arrangeBody,
      reply: batchViewSchema,
      // Its own transactions: the batch's job is sent after the batch's commit.
      serve: (body, call) => queueBatch(call, 'arrange', body.orderIds, body.channelId),
    }),
    route({
      method: 'POST',
      url: '/waybill/print',
      permission: PERMISSIONS.waybillArrange,
      input: printBody,
      reply: batchViewSchema,
      serve: (body, call) => queueBatch(call, 'print', body.orderIds),
    }),
    route({
      method: 'GET',
      url: '/waybill/batch',
      permission: PERMISSIONS.waybillList,
      input: batchQuery,
      reply: batchViewSchema,
      run: (tx, actor, query, call) => batchView(tx, actor, query.id, call.language),
    }),
  ]);

  // The batch's PDF and an order's label answer a PDF: registered by hand, in their place.
  api.get(
    '/waybill/batch/pdf',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: { tags, querystring: batchQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const pdf = await inActorTenant(db, request, (tx, actor) => batchPdf(tx, actor, request.query.id));
      return sendPdf(reply, { pdf, fileName: `waybills-${request.query.id.slice(0, 8)}.pdf` });
    },
  );

  api.get(
    '/waybill/label',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: { tags, querystring: labelQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const label = await inActorTenant(db, request, (tx, actor) =>
        labelOf(tx, actor, request.query.orderId, requestLanguage(request)),
      );
      return sendPdf(reply, { pdf: label.pdf, fileName: label.name });
    },
  );

  declareRoutes(app, deps, 'logistics', [
    route({
      method: 'POST',
      url: '/waybill/label/retry',
      permission: PERMISSIONS.waybillArrange,
      input: orderIdsBody,
      reply: bulkReply,
      // Each order's label in its own transactions, with a network call between.
      serve: (body, call) => refetchLabels(db, runtime, call, body.orderIds),
    }),
    route({
      method: 'POST',
      url: '/waybill/label/regenerate',
      permission: PERMISSIONS.waybillArrange,
      input: orderIdsBody,
      reply: bulkReply,
      serve: (body, call) => resaveLabels(db, call, body.orderIds),
    }),
  ]);

  // The label's upload is multipart: registered by hand, in its place.
  api.post(
    '/waybill/label/upload',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: labelQuery,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const [file] = await readFiles(request, {
        files: 1,
        fileBytes: LOGISTICS_LIMITS.labelBytes,
        fields: 1,
        fieldBytes: 100,
      });
      if (!file) throw new AppError('waybill.label_invalid');
      return ok(
        await inActorTenant(db, request, (tx, actor) =>
          uploadLabel(tx, actor, request.query.orderId, file.data),
        ),
        said(request, 'upload_succeeded'),
      );
    },
  );

  declareRoutes(app, deps, 'logistics', [
    route({
      method: 'POST',
      url: '/waybill/printed',
      permission: PERMISSIONS.waybillArrange,
      input: markPrintedBody,
      reply: markPrintedReply,
      message: 'updated',
      run: async (tx, actor, body) => ({
        count: await markPrinted(tx, actor, body.orderIds, body.isPrinted),
      }),
    }),
    route({
      method: 'POST',
      url: '/waybill/selfShipped',
      permission: PERMISSIONS.waybillArrange,
      input: selfShippedBody,
      reply: z.null(),
      message: 'updated',
      run: markSelfShipped,
    }),
    route({
      method: 'POST',
      url: '/waybill/tracking/push',
      permission: PERMISSIONS.outboundEdit,
      input: orderIdsBody,
      reply: bulkReply,
      // Each order's push in its own transactions, with a network call between.
      serve: (body, call) => pushTrackingAgain(db, runtime, call, body.orderIds),
    }),
  ]);
}
