/** Stock transfer calls: the list, one transfer, making one, its audit; the handheld's transfers to receive. HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cacheBuster, envelope, pageResult } from '@shared/contract/common.js';
import {
  auditTransferInput,
  createTransferInput,
  transferChange,
  transferDetail,
  transferDetailQuery,
  transferListQuery,
  transferRow,
  transferTask,
} from '@shared/contract/transfers.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { needs, said } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { listTransferTasks, listTransfers, transferDetail as readTransfer } from './transfers.queries.js';
import { auditTransfer, createTransfer } from './transfers.service.js';

export async function transfersRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['transfers'];
  const change = { 200: envelope(transferChange) };

  api.get(
    '/stock/transfer/list',
    {
      config: needs(PERMISSIONS.transferList),
      schema: { tags, querystring: transferListQuery, response: { 200: envelope(pageResult(transferRow)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listTransfers(tx, actor, request.query))),
  );

  api.post(
    '/stock/transfer/add',
    {
      config: needs(PERMISSIONS.transferEdit),
      schema: { tags, body: createTransferInput, response: change },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => createTransfer(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );

  api.post(
    '/stock/transfer/audit',
    {
      config: needs(PERMISSIONS.transferAudit),
      schema: { tags, body: auditTransferInput, response: change },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => auditTransfer(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.get(
    '/stock/transfer/detail',
    {
      config: needs(PERMISSIONS.transferList),
      schema: { tags, querystring: transferDetailQuery, response: { 200: envelope(transferDetail) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => readTransfer(tx, actor, request.query.id))),
  );

  api.get(
    '/pda/transfers',
    {
      config: needs(PERMISSIONS.pdaSync),
      schema: { tags, querystring: cacheBuster, response: { 200: envelope(z.array(transferTask)) } },
    },
    async (request) => ok(await inActorTenant(db, request, (tx, actor) => listTransferTasks(tx, actor))),
  );
}
