/**
 * The download list's calls (/shopee/DownloadTask). Declarations (http/route-kit.ts), but for
 * the file, registered by hand because it answers a spreadsheet.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageResult } from '@shared/contract/common.js';
import {
  downloadListQuery,
  downloadTaskParams,
  downloadTaskView,
  exportRequest,
} from '@shared/contract/downloads.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { declareRoutes, route } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { sendSheet } from '../../http/sheet-reply.js';
import { deleteDownloadTask, downloadTaskFile, listDownloadTasks } from './downloads.service.js';
import { queueExport } from './export-queue.service.js';

export async function exportRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, files } = deps;
  const tags = ['downloads'];

  declareRoutes(app, deps, 'downloads', [
    route({
      method: 'POST',
      url: '/sys/downloadTask/add',
      // Each kind needs the permission of the list it exports (checked by the service).
      permission: {
        anyOf: [
          PERMISSIONS.orderList,
          PERMISSIONS.productList,
          PERMISSIONS.stockList,
          PERMISSIONS.stockRecords,
        ],
      },
      input: exportRequest,
      reply: downloadTaskView,
      message: 'download_queued',
      // Its own transactions: the job is sent after the task's commit.
      serve: (body, call) => queueExport(call, body),
    }),
    route({
      method: 'GET',
      url: '/sys/downloadTask/list',
      permission: 'authenticated',
      input: downloadListQuery,
      reply: pageResult(downloadTaskView),
      run: listDownloadTasks,
    }),
  ]);

  // The file answers a spreadsheet: registered by hand, in its place.
  api.get(
    '/sys/downloadTask/file/:id',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        params: downloadTaskParams,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) =>
      sendSheet(
        reply,
        await inActorTenant(db, request, (tx, actor) =>
          downloadTaskFile(tx, files, actor, request.params.id),
        ),
      ),
  );

  declareRoutes(app, deps, 'downloads', [
    route({
      method: 'DELETE',
      url: '/sys/downloadTask/delete/:id',
      permission: 'authenticated',
      input: downloadTaskParams,
      from: 'params',
      reply: downloadTaskParams,
      message: 'deleted',
      run: async (tx, actor, params) => {
        await deleteDownloadTask(tx, files, actor, params.id);
        return { id: params.id };
      },
    }),
  ]);
}
