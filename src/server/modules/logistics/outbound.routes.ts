/**
 * Outbound calls for warehouses without handhelds (src/shared/contract/logistics.ts lists them):
 * orders marked picked, packed and delivered, and the pick and packing lists as PDFs.
 * Declarations (http/route-kit.ts), but for the pick and packing lists, registered by hand because
 * they answer a PDF. The work is in outbound.service.ts, outbound-actions.service.ts and
 * waybills.queries.ts. Registered beside
 * the channel and waybill routes (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkReply, orderIdsBody, orderIdsQuery, packedBody } from '@shared/contract/logistics.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { sendPdf } from '../../http/pdf-reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { declareRoutes, needs, route } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { renderPackingLists, renderPickList } from '../printing/index.js';
import { markDeliveredReply, markPackedReply, markPickedReply } from './outbound-actions.service.js';
import type { LogisticsRuntime } from './runtime.js';
import { packingListData, pickListData } from './waybills.queries.js';

export async function outboundRoutes(app: FastifyInstance, deps: AppDeps, runtime: LogisticsRuntime) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['logistics'];

  declareRoutes(app, deps, 'logistics', [
    route({
      method: 'POST',
      url: '/outbound/picked',
      permission: PERMISSIONS.outboundEdit,
      input: orderIdsBody,
      reply: bulkReply,
      // Each order in its own transaction (outbound.service.ts).
      serve: (body, call) => markPickedReply(call, body.orderIds),
    }),
    route({
      method: 'POST',
      url: '/outbound/packed',
      permission: PERMISSIONS.outboundEdit,
      input: packedBody,
      reply: bulkReply,
      serve: (body, call) => markPackedReply(call, body.orderIds, body.weightGrams),
    }),
    route({
      method: 'POST',
      url: '/outbound/delivered',
      permission: PERMISSIONS.outboundEdit,
      input: orderIdsBody,
      reply: bulkReply,
      message: (_body, result: { succeeded: number }) => (result.succeeded > 0 ? 'delivery_succeeded' : ''),
      serve: (body, call) => markDeliveredReply(call, runtime, body.orderIds),
    }),
  ]);

  // The pick and packing lists answer a PDF: registered by hand, in their place.
  api.get(
    '/outbound/pickList',
    {
      config: needs(PERMISSIONS.waybillList),
      schema: { tags, querystring: orderIdsQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const data = await inActorTenant(db, request, (tx, actor) =>
        pickListData(tx, actor, request.query.orderIds),
      );
      const waveNo = `W${new Date().toISOString().slice(2, 16).replace(/\D/g, '')}`;
      const pdf = await renderPickList(
        {
          waveNo,
          warehouse: data.warehouse,
          createdAt: new Date(),
          timeZone: data.timeZone,
          lines: data.lines,
        },
        language,
      );
      return sendPdf(reply, { pdf, fileName: `${waveNo}.pdf` });
    },
  );

  api.get(
    '/outbound/packingList',
    {
      config: needs(PERMISSIONS.waybillList),
      schema: { tags, querystring: orderIdsQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const data = await inActorTenant(db, request, (tx, actor) =>
        packingListData(tx, actor, request.query.orderIds),
      );
      const pdf = await renderPackingLists(
        data.map((order) => ({
          ...order,
          lines: order.lines.map((line) => ({ ...line, productName: line.name })),
        })),
        language,
      );
      return sendPdf(reply, { pdf, fileName: 'packing-lists.pdf' });
    },
  );
}
