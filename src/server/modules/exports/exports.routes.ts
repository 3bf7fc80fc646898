/** The download list's calls (/shopee/DownloadTask). HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, pageResult } from '@shared/contract/common.js';
import {
  downloadListQuery,
  downloadTaskParams,
  downloadTaskView,
  exportRequest,
} from '@shared/contract/downloads.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { actorOf, requestLanguage } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import { sendSheet } from '../../http/sheet-reply.js';
import { translatorFor } from '../../i18n.js';
import {
  deleteDownloadTask,
  downloadTaskFile,
  EXPORT_JOB,
  listDownloadTasks,
  requestExport,
} from './downloads.service.js';

export async function exportRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, files, jobs } = deps;
  const tags = ['downloads'];

  api.post(
    '/sys/downloadTask/add',
    {
      // Each kind needs the permission of the list it exports (checked by the service).
      config: {
        permission: {
          anyOf: [
            PERMISSIONS.orderList,
            PERMISSIONS.productList,
            PERMISSIONS.stockList,
            PERMISSIONS.stockRecords,
          ],
        },
      },
      schema: { tags, body: exportRequest, response: { 200: envelope(downloadTaskView) } },
    },
    async (request) => {
      const language = requestLanguage(request);
      const task = await inActorTenant(db, request, (tx, actor) =>
        requestExport(tx, actor, request.body, language),
      );
      // A send lost here (a node stopping) is re-sent by the downloads' sweep job.
      await jobs
        .send(EXPORT_JOB, { tenantId: actorOf(request).tenantId, taskId: task.id }, { singletonKey: task.id })
        .catch((error: unknown) => request.log.warn({ err: error }, 'export job not sent; the sweep will'));
      return ok(task, translatorFor(language)('messages:download_queued'));
    },
  );

  api.get(
    '/sys/downloadTask/list',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        querystring: downloadListQuery,
        response: { 200: envelope(pageResult(downloadTaskView)) },
      },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listDownloadTasks(tx, actor, request.query))),
  );

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

  api.delete(
    '/sys/downloadTask/delete/:id',
    {
      config: { permission: 'authenticated' },
      schema: { tags, params: downloadTaskParams, response: { 200: envelope(downloadTaskParams) } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) =>
        deleteDownloadTask(tx, files, actor, request.params.id),
      );
      return ok({ id: request.params.id }, translatorFor(requestLanguage(request))('messages:deleted'));
    },
  );
}
