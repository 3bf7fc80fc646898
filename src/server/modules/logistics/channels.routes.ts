/**
 * Logistics channel calls (src/shared/contract/logistics.ts lists them): list, add, edit,
 * enable, authorise, delete, and the channels an order may ship by. Declarations only
 * (http/route-kit.ts): the work is in channels.service.ts; a carrier's keys are checked with the
 * carrier when added or changed (channel-actions.service.ts, after the row's commit).
 * Registered beside the waybill and outbound routes (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
import { declareRoutes, route } from '../../http/route-kit.js';
import { addAndAuthoriseChannel, editAndAuthoriseChannel } from './channel-actions.service.js';
import {
  authoriseChannel,
  channelOptions,
  deleteChannel,
  enableChannel,
  listChannels,
} from './channels.service.js';
import type { LogisticsRuntime } from './runtime.js';

export async function channelRoutes(app: FastifyInstance, deps: AppDeps, runtime: LogisticsRuntime) {
  const { db } = deps;

  declareRoutes(app, deps, 'logistics', [
    route({
      method: 'GET',
      url: '/logistics/channel/list',
      permission: PERMISSIONS.channelList,
      input: channelListQuery,
      reply: channelPage,
      run: (tx, _actor, query) => listChannels(tx, query),
    }),
    route({
      method: 'POST',
      url: '/logistics/channel/add',
      permission: PERMISSIONS.channelEdit,
      input: addChannelBody,
      reply: channelViewSchema,
      message: 'added',
      // Its own transactions: the carrier is asked after the channel's commit.
      serve: (body, call) => addAndAuthoriseChannel(call, runtime, body),
    }),
    route({
      method: 'PUT',
      url: '/logistics/channel/edit',
      permission: PERMISSIONS.channelEdit,
      input: editChannelBody,
      reply: channelViewSchema,
      message: 'updated',
      serve: (body, call) => editAndAuthoriseChannel(call, runtime, body),
    }),
    route({
      method: 'POST',
      url: '/logistics/channel/enable',
      permission: PERMISSIONS.channelEdit,
      input: enableChannelBody,
      reply: channelViewSchema,
      message: 'updated',
      run: (tx, _actor, body) => enableChannel(tx, body.id, body.isEnabled),
    }),
    route({
      method: 'POST',
      url: '/logistics/channel/authorise',
      permission: PERMISSIONS.channelEdit,
      input: channelIdBody,
      reply: channelViewSchema,
      // Its own transactions, with the carrier asked between.
      serve: (body, call) => authoriseChannel(db, runtime, call.actor().tenantId, body.id),
    }),
    route({
      method: 'DELETE',
      url: '/logistics/channel/delete',
      permission: PERMISSIONS.channelEdit,
      input: channelIdQuery,
      reply: z.null(),
      message: 'deleted',
      run: (tx, _actor, query) => deleteChannel(tx, query.id),
    }),
    route({
      method: 'GET',
      url: '/logistics/channel/options',
      permission: PERMISSIONS.waybillArrange,
      input: channelOptionsQuery,
      reply: channelOptionsSchema,
      run: (tx, actor, query) => channelOptions(tx, actor, query.orderIds),
    }),
  ]);
}
