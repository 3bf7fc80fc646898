/**
 * Wave calls: list, detail, create, the wave's printed pick list, and the handheld's open waves.
 * Declarations (http/route-kit.ts), but for the pick list, registered by hand because it answers
 * a PDF.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idQuery, pageResult, string } from '@shared/contract/common.js';
import {
  createWaveInput,
  pdaWavesQuery,
  pdaWavesReply,
  readyOrderRow,
  readyOrdersQuery,
  repickInput,
  waveDetail,
  waveListQuery,
  waveRow,
} from '@shared/contract/picking.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../../deps.js';
import { sendPdf } from '../../../http/pdf-reply.js';
import { requestLanguage } from '../../../http/request-context.js';
import { declareRoutes, needs, route } from '../../../http/route-kit.js';
import { inActorTenant } from '../../../http/scope.js';
import { presentedDeviceKey } from '../../../access/device-key.js';
import { pickListData } from '../waybills.queries.js';
import { renderPickList } from '../../printing/index.js';
import { repickOrders } from './pick.service.js';
import { createWave } from './waves.service.js';
import { getWave, listWaves, pdaWaves, readyOrders, waveOrderIds } from './waves.queries.js';

export async function pickingRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['waves'];

  declareRoutes(app, deps, 'waves', [
    route({
      method: 'GET',
      url: '/wave/list',
      permission: PERMISSIONS.waveList,
      input: waveListQuery,
      reply: pageResult(waveRow),
      run: listWaves,
    }),
    route({
      method: 'GET',
      url: '/wave/detail',
      permission: PERMISSIONS.waveList,
      input: idQuery,
      reply: waveDetail,
      run: (tx, actor, query) => getWave(tx, actor, query.id),
    }),
    route({
      method: 'GET',
      url: '/wave/readyOrders',
      permission: PERMISSIONS.waveEdit,
      input: readyOrdersQuery,
      reply: z.array(readyOrderRow),
      run: readyOrders,
    }),
    route({
      method: 'POST',
      url: '/wave/add',
      permission: PERMISSIONS.waveEdit,
      input: createWaveInput,
      reply: z.object({ id: string(), waveNo: string(), orderCount: z.number().int() }),
      message: 'added',
      run: createWave,
    }),
    route({
      method: 'POST',
      url: '/wave/repick',
      permission: PERMISSIONS.waveEdit,
      input: repickInput,
      reply: z.object({ count: z.number().int() }),
      message: 'updated',
      run: repickOrders,
    }),
  ]);

  // The pick list answers a PDF: registered by hand, in its place.
  api.get(
    '/wave/pickList',
    {
      config: needs(PERMISSIONS.waveList),
      schema: { tags, querystring: idQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const { wave, data } = await inActorTenant(db, request, async (tx, actor) => {
        const found = await getWave(tx, actor, request.query.id);
        const ids = await waveOrderIds(tx, actor, request.query.id);
        return { wave: found, data: await pickListData(tx, actor, ids) };
      });
      const pdf = await renderPickList(
        {
          waveNo: wave.waveNo,
          warehouse: data.warehouse,
          createdAt: new Date(wave.createdAt),
          timeZone: data.timeZone,
          lines: data.lines,
        },
        language,
      );
      return sendPdf(reply, { pdf, fileName: `${wave.waveNo}.pdf` });
    },
  );

  declareRoutes(app, deps, 'waves', [
    route({
      method: 'GET',
      url: '/pda/waves',
      permission: PERMISSIONS.pdaSync,
      input: pdaWavesQuery,
      reply: pdaWavesReply,
      run: (tx, actor, query, call) =>
        pdaWaves(tx, actor, { ...query, deviceKey: presentedDeviceKey(call.request) }),
    }),
  ]);
}
