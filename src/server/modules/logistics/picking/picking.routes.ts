/** Wave calls: list, detail, create, the wave's printed pick list, and the handheld's open waves. HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idQuery, pageResult, string } from '@shared/contract/common.js';
import { DEVICE_KEY_HEADER } from '@shared/contract/pda.js';
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
import { ok } from '../../../http/reply.js';
import { needs, said } from '../../../http/route-kit.js';
import { inActorTenant } from '../../../http/scope.js';
import { pickListData } from '../waybills.queries.js';
import { renderPickList } from '../../printing/index.js';
import { repickOrders } from './pick.service.js';
import { createWave } from './waves.service.js';
import { getWave, listWaves, pdaWaves, readyOrders, waveOrderIds } from './waves.queries.js';

export async function pickingRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['waves'];

  api.get(
    '/wave/list',
    {
      config: needs(PERMISSIONS.waveList),
      schema: { tags, querystring: waveListQuery, response: { 200: envelope(pageResult(waveRow)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listWaves(tx, actor, request.query))),
  );

  api.get(
    '/wave/detail',
    {
      config: needs(PERMISSIONS.waveList),
      schema: { tags, querystring: idQuery, response: { 200: envelope(waveDetail) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => getWave(tx, actor, request.query.id))),
  );

  api.get(
    '/wave/readyOrders',
    {
      config: needs(PERMISSIONS.waveEdit),
      schema: { tags, querystring: readyOrdersQuery, response: { 200: envelope(z.array(readyOrderRow)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => readyOrders(tx, actor, request.query))),
  );

  api.post(
    '/wave/add',
    {
      config: needs(PERMISSIONS.waveEdit),
      schema: {
        tags,
        body: createWaveInput,
        response: {
          200: envelope(z.object({ id: string(), waveNo: string(), orderCount: z.number().int() })),
        },
      },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => createWave(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );

  api.post(
    '/wave/repick',
    {
      config: needs(PERMISSIONS.waveEdit),
      schema: { tags, body: repickInput, response: { 200: envelope(z.object({ count: z.number().int() })) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => repickOrders(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

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

  api.get(
    '/pda/waves',
    {
      config: needs(PERMISSIONS.pdaSync),
      schema: { tags, querystring: pdaWavesQuery, response: { 200: envelope(pdaWavesReply) } },
    },
    async (request) => {
      const deviceKey = request.headers[DEVICE_KEY_HEADER];
      const query = { ...request.query, deviceKey: typeof deviceKey === 'string' ? deviceKey : undefined };
      return ok(await inActorTenant(db, request, (tx, actor) => pdaWaves(tx, actor, query)));
    },
  );
}
