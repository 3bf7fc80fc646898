/**
 * Stock transfer calls: the list, one transfer, making one, its audit; the handheld's transfers
 * to receive. Declarations only (http/route-kit.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cacheBuster, pageResult } from '@shared/contract/common.js';
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
import { declareRoutes, route } from '../../http/route-kit.js';
import { listTransferTasks, listTransfers, transferDetail as readTransfer } from './transfers.queries.js';
import { auditTransfer, createTransfer } from './transfers.service.js';

export async function transfersRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'transfers', [
    route({
      method: 'GET',
      url: '/stock/transfer/list',
      permission: PERMISSIONS.transferList,
      input: transferListQuery,
      reply: pageResult(transferRow),
      run: listTransfers,
    }),
    route({
      method: 'POST',
      url: '/stock/transfer/add',
      permission: PERMISSIONS.transferEdit,
      input: createTransferInput,
      reply: transferChange,
      message: 'added',
      run: createTransfer,
    }),
    route({
      method: 'POST',
      url: '/stock/transfer/audit',
      permission: PERMISSIONS.transferAudit,
      input: auditTransferInput,
      reply: transferChange,
      message: 'updated',
      run: auditTransfer,
    }),
    route({
      method: 'GET',
      url: '/stock/transfer/detail',
      permission: PERMISSIONS.transferList,
      input: transferDetailQuery,
      reply: transferDetail,
      run: (tx, actor, query) => readTransfer(tx, actor, query.id),
    }),
    route({
      method: 'GET',
      url: '/pda/transfers',
      permission: PERMISSIONS.pdaSync,
      input: cacheBuster,
      reply: z.array(transferTask),
      run: (tx, actor) => listTransferTasks(tx, actor),
    }),
  ]);
}
