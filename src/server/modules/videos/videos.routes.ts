import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idQuery } from '@shared/contract/common.js';
import { videoAddBody, videoEditBody, videoListQuery, videoRecord } from '@shared/contract/videos.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import { translatorFor } from '../../i18n.js';
import { addVideo, deleteVideo, editVideo, listVideos } from './videos.service.js';

const canEdit = { permission: { code: PERMISSIONS.videoEdit } };

export async function videoRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const t = (request: Parameters<typeof requestLanguage>[0]) => translatorFor(requestLanguage(request));

  api.get(
    '/sys/video/list',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['help'],
        querystring: videoListQuery,
        response: { 200: envelope(z.array(videoRecord)) },
      },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listVideos(tx, actor, request.query))),
  );

  api.post(
    '/sys/video/add',
    {
      config: canEdit,
      schema: { tags: ['help'], body: videoAddBody, response: { 200: envelope(videoRecord) } },
    },
    async (request) => {
      const result = await inActorTenant(db, request, (tx, actor) => addVideo(tx, actor, request.body));
      return ok(result, t(request)('messages:added'));
    },
  );

  api.put(
    '/sys/video/edit',
    {
      config: canEdit,
      schema: { tags: ['help'], body: videoEditBody, response: { 200: envelope(videoRecord) } },
    },
    async (request) => {
      const result = await inActorTenant(db, request, (tx, actor) => editVideo(tx, actor, request.body));
      return ok(result, t(request)('messages:updated'));
    },
  );

  api.delete(
    '/sys/video/delete',
    {
      config: canEdit,
      schema: { tags: ['help'], querystring: idQuery, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => deleteVideo(tx, actor, request.query));
      return ok(null, t(request)('messages:deleted'));
    },
  );
}
