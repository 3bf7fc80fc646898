/**
 * Bags in the admin (list, detail, manifest PDF, delivery status) and the outbound work the PDA
 * fetches for packing, bagging and hand-over (bags.service.ts, outbound-work.queries.ts; the ops
 * themselves are packing.service.ts and handover.service.ts). Registered after the outbound
 * routes (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shared/contract/common.js';
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
import { ok } from '../../http/reply.js';
import { needs, said } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { renderBagManifest } from '../printing/index.js';
import { bagDetail, listBags, setBagDeliveryStatus } from './bags.service.js';
import { pdaOutboundWork } from './outbound-work.queries.js';

export async function bagRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['logistics'];

  api.get(
    '/bag/list',
    {
      config: needs(PERMISSIONS.waybillList),
      schema: { tags, querystring: bagListQuery, response: { 200: envelope(bagPage) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listBags(tx, actor, request.query))),
  );

  api.get(
    '/bag/detail',
    {
      config: needs(PERMISSIONS.waybillList),
      schema: { tags, querystring: bagIdQuery, response: { 200: envelope(bagDetailSchema) } },
    },
    async (request) => {
      const { timeZone: _zone, ...detail } = await inActorTenant(db, request, (tx, actor) =>
        bagDetail(tx, actor, request.query.id),
      );
      return ok(detail);
    },
  );

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

  api.post(
    '/bag/deliveryStatus',
    {
      config: needs(PERMISSIONS.outboundEdit),
      schema: {
        tags,
        body: bagDeliveryStatusBody,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => setBagDeliveryStatus(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.get(
    '/pda/outbound',
    {
      config: needs(PERMISSIONS.pdaSync),
      schema: {
        tags: ['pda'],
        querystring: pdaOutboundQuery,
        response: { 200: envelope(pdaOutboundWorkSchema) },
      },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) =>
          pdaOutboundWork(tx, actor, request.query.warehouseId),
        ),
      ),
  );
}
