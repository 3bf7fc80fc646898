/** Inbound calls: make, list and read orders; receive, report, shelve and finish boxes. HTTP only. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idQuery, pageResult } from '../../../shared/contract/common.js';
import {
  createInboundInput,
  finishBoxInput,
  inboundChangeView,
  inboundDetail,
  inboundListQuery,
  inboundOrderRow,
  receiveInboundInput,
  reportDiscrepancyInput,
  shelveInboundInput,
} from '../../../shared/contract/inbound.js';
import { PERMISSIONS, type PermissionCode } from '../../../shared/permissions.js';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { RoutePermission } from '../../http/actor.js';
import { ok } from '../../http/reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import { translatorFor } from '../../i18n.js';
import { finishBox, receiveInbound, reportDiscrepancy, shelveInbound } from './inbound-work.service.js';
import { getInboundOrder, listInboundOrders } from './inbound.queries.js';
import { createInboundOrder } from './inbound.service.js';

const needs = (code: PermissionCode): { permission: RoutePermission } => ({ permission: { code } });
const said = (request: FastifyRequest, key: string) =>
  translatorFor(requestLanguage(request))(`messages:${key}`);

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
}
