/**
 * Bags in the admin (list, detail, manifest PDF, delivery status) and the outbound work the PDA
 * fetches for packing, bagging and hand-over (bags.service.ts, outbound-work.queries.ts; the ops
 * themselves are packing.service.ts and handover.service.ts). Declarations (http/route-kit.ts),
 * but for the manifest, registered by hand because it answers a PDF. Registered after the
 * outbound routes (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bagDeliveryStatusBody,
  bagDetail as bagDetailSchema,
  bagIdQuery,
  bagListQuery,
  bagPage,
  pdaOutboundQuery,
  pdaOutboundWork as pdaOutboundWorkSchema,
} from '@shared/contract/packing.js';
import { z } from 'zod';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { sendPdf } from '../../http/pdf-reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { declareRoutes, needs, route } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { renderBagManifest } from '../printing/index.js';
import { bagDetail, bagDetailView, listBags, setBagDeliveryStatus } from './bags.service.js';
import { pdaOutboundWork } from './outbound-work.queries.js';

export async function bagRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['logistics'];

  declareRoutes(app, deps, 'logistics', [
    route({
      method: 'GET',
      url: '/bag/list',
      permission: PERMISSIONS.waybillList,
      input: bagListQuery,
      reply: bagPage,
      run: listBags,
    }),
    route({
      method: 'GET',
      url: '/bag/detail',
      permission: PERMISSIONS.waybillList,
      input: bagIdQuery,
      reply: bagDetailSchema,
      run: (tx, actor, query) => bagDetailView(tx, actor, query.id),
    }),
  ]);

  // The manifest answers a PDF: registered by hand, in its place.
  api.get(
    '/bag/manifest',
    {
      config: needs(PERMISSIONS.waybillList),
      schema: { tags, querystring: bagIdQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const bag = await inActorTenant(db, request, (tx, actor) => bagDetail(tx, actor, request.query.id));
      const pdf = await renderBagManifest(
        {
          bagNo: bag.bagNo,
          warehouse: bag.warehouseName,
          channel: bag.channelName,
          weightGrams: bag.weightGrams,
          closedAt: bag.closedAt ? new Date(bag.closedAt) : null,
          timeZone: bag.timeZone,
          parcels: bag.parcels,
        },
        requestLanguage(request),
      );
      return sendPdf(reply, { pdf, fileName: `${bag.bagNo}.pdf` });
    },
  );

  declareRoutes(app, deps, 'logistics', [
    route({
      method: 'POST',
      url: '/bag/deliveryStatus',
      permission: PERMISSIONS.outboundEdit,
      input: bagDeliveryStatusBody,
      reply: z.object({ count: z.number().int() }),
      message: 'updated',
      run: setBagDeliveryStatus,
    }),
  ]);

  declareRoutes(app, deps, 'pda', [
    route({
      method: 'GET',
      url: '/pda/outbound',
      permission: PERMISSIONS.pdaSync,
      input: pdaOutboundQuery,
      reply: pdaOutboundWorkSchema,
      run: (tx, actor, query) => pdaOutboundWork(tx, actor, query.warehouseId),
    }),
  ]);
}
