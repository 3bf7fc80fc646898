/**
 * Tutorial video calls: the list (everyone signed in), and adding, editing and deleting one.
 * Declarations only (http/route-kit.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idQuery } from '@shared/contract/common.js';
import { videoAddBody, videoEditBody, videoListQuery, videoRecord } from '@shared/contract/videos.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { declareRoutes, route } from '../../http/route-kit.js';
import { addVideo, deleteVideo, editVideo, listVideos } from './videos.service.js';

export async function videoRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'help', [
    route({
      method: 'GET',
      url: '/sys/video/list',
      permission: 'authenticated',
      input: videoListQuery,
      reply: z.array(videoRecord),
      run: listVideos,
    }),
    route({
      method: 'POST',
      url: '/sys/video/add',
      permission: PERMISSIONS.videoEdit,
      input: videoAddBody,
      reply: videoRecord,
      message: 'added',
      run: addVideo,
    }),
    route({
      method: 'PUT',
      url: '/sys/video/edit',
      permission: PERMISSIONS.videoEdit,
      input: videoEditBody,
      reply: videoRecord,
      message: 'updated',
      run: editVideo,
    }),
    route({
      method: 'DELETE',
      url: '/sys/video/delete',
      permission: PERMISSIONS.videoEdit,
      input: idQuery,
      reply: z.null(),
      message: 'deleted',
      run: deleteVideo,
    }),
  ]);
}
