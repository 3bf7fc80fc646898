/**
 * File calls: upload product photos, read a stored file. Both registered by hand, not declared
 * (http/route-kit.ts): the upload takes a multipart body, the read answers the file's bytes.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@shared/contract/common.js';
import { FILE_LIMITS, fileKeyParams, storedFile, uploadQuery } from '@shared/contract/files.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { actorOf } from '../../http/request-context.js';
import { readImage, uploadImages } from './files.service.js';
import { readFiles } from './multipart.js';

export async function filesRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { files: storage } = deps;
  const tags = ['files'];

  api.post(
    '/sys/common/upload',
    {
      config: { permission: { code: PERMISSIONS.productEdit } },
      schema: {
        tags,
        querystring: uploadQuery,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.array(storedFile)) },
      },
    },
    async (request) => {
      const files = await readFiles(request, {
        files: FILE_LIMITS.filesPerUpload,
        fileBytes: FILE_LIMITS.bytesPerFile,
        fields: FILE_LIMITS.fields,
        fieldBytes: FILE_LIMITS.fieldBytes,
      });
      return ok(await uploadImages(storage, actorOf(request), { kind: request.query.biz, files }));
    },
  );

  api.get(
    '/sys/common/static/*',
    {
      config: { permission: { code: PERMISSIONS.productList } },
      schema: { tags, params: fileKeyParams, produces: ['image/*'] },
    },
    async (request, reply) => {
      const file = await readImage(storage, actorOf(request), { key: request.params['*'] });
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
}
