/**
 * Logistics channel calls (src/shared/contract/logistics.ts lists them): list, add, edit,
 * enable, authorise, delete, and the channels an order may ship by. HTTP only: the work is in
 * channels.service.ts; a carrier's keys are checked with the carrier when added or changed.
 * Registered beside the waybill and outbound routes (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shared/contract/common.js';
import {
  addChannelBody,
  channelIdBody,
  channelIdQuery,
  channelListQuery,
  channelOptions as channelOptionsSchema,
  channelOptionsQuery,
  channelPage,
  channelView as channelViewSchema,
  editChannelBody,
  enableChannelBody,
} from '@shared/contract/logistics.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { actorOf } from '../../http/request-context.js';
import { ok } from '../../http/reply.js';
import { needs, nothing, said } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import {
  addChannel,
  authoriseChannel,
  channelOptions,
  channelView,
  deleteChannel,
  editChannel,
  enableChannel,
  listChannels,
} from './channels.service.js';
import type { LogisticsRuntime } from './runtime.js';

export async function channelRoutes(app: FastifyInstance, deps: AppDeps, runtime: LogisticsRuntime) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['logistics'];

  api.get(
    '/logistics/channel/list',
    {
      config: needs(PERMISSIONS.channelList),
      schema: { tags, querystring: channelListQuery, response: { 200: envelope(channelPage) } },
    },
    async (request) => ok(await inActorTenant(db, request, (tx) => listChannels(tx, request.query))),
  );

  api.post(
    '/logistics/channel/add',
    {
      config: needs(PERMISSIONS.channelEdit),
      schema: { tags, body: addChannelBody, response: { 200: envelope(channelViewSchema) } },
    },
    async (request) => {
      const row = await inActorTenant(db, request, (tx) => addChannel(tx, runtime, request.body));
      const view =
        row.kind === 'carrier' ? await authoriseChannel(db, runtime, row.tenantId, row.id) : channelView(row);
      return ok(view, said(request, 'added'));
    },
  );

  api.put(
    '/logistics/channel/edit',
    {
      config: needs(PERMISSIONS.channelEdit),
      schema: { tags, body: editChannelBody, response: { 200: envelope(channelViewSchema) } },
    },
    async (request) => {
      const row = await inActorTenant(db, request, (tx) => editChannel(tx, runtime, request.body));
      const keysChanged = Boolean(request.body.appKey || request.body.appSecret);
      const view = keysChanged ? await authoriseChannel(db, runtime, row.tenantId, row.id) : channelView(row);
      return ok(view, said(request, 'updated'));
    },
  );

  api.post(
    '/logistics/channel/enable',
    {
      config: needs(PERMISSIONS.channelEdit),
      schema: { tags, body: enableChannelBody, response: { 200: envelope(channelViewSchema) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx) => enableChannel(tx, request.body.id, request.body.isEnabled)),
        said(request, 'updated'),
      ),
  );

  api.post(
    '/logistics/channel/authorise',
    {
      config: needs(PERMISSIONS.channelEdit),
      schema: { tags, body: channelIdBody, response: { 200: envelope(channelViewSchema) } },
    },
    async (request) => ok(await authoriseChannel(db, runtime, actorOf(request).tenantId, request.body.id)),
  );

  api.delete(
    '/logistics/channel/delete',
    {
      config: needs(PERMISSIONS.channelEdit),
      schema: { tags, querystring: channelIdQuery, response: { 200: nothing } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx) => deleteChannel(tx, request.query.id)),
        said(request, 'deleted'),
      ),
  );

  api.get(
    '/logistics/channel/options',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: { tags, querystring: channelOptionsQuery, response: { 200: envelope(channelOptionsSchema) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => channelOptions(tx, actor, request.query.orderIds))),
  );
}
