/** The PDA sync calls of docs/research/pda-offline.md §3.10: push ops, pull reference data. HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shared/contract/common.js';
import { FILE_LIMITS, storedFile } from '@shared/contract/files.js';
import {
  pdaPhotoQuery,
  pullQuery,
  pullReply,
  pushReply,
  pushRequest,
  registerDeviceReply,
  registerDeviceRequest,
} from '@shared/contract/pda.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '@shared/errors.js';
import { ok } from '../../http/reply.js';
import { actorOf } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import { readFiles } from '../files/index.js';
import type { LogisticsRuntime } from '../logistics/index.js';
import { DEVICE_KEY_HEADER } from './device-key.js';
import { storeInboundPhoto } from './photo.service.js';
import { pullChanges } from './pull.service.js';
import { pushFromDevice, registerDevice } from './push.service.js';

const config = { permission: { code: PERMISSIONS.pdaSync } };

export async function pdaRoutes(app: FastifyInstance, deps: AppDeps, logistics: LogisticsRuntime) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, files: storage } = deps;
  const tags = ['pda'];

  // The service opens the transaction: one per batch, a savepoint per op (push.service.ts).
  api.post(
    '/pda/sync/push',
    { config, schema: { tags, body: pushRequest, response: { 200: envelope(pushReply) } } },
    async (request) => {
      return ok(await pushFromDevice(db, logistics, actorOf(request), request.body));
    },
  );

  api.post(
    '/pda/device/register',
    {
      config,
      schema: { tags, body: registerDeviceRequest, response: { 200: envelope(registerDeviceReply) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => registerDevice(tx, actor, request.body))),
  );

  api.get(
    '/pda/sync/pull',
    { config, schema: { tags, querystring: pullQuery, response: { 200: envelope(pullReply) } } },
    async (request) => {
      const deviceKey = request.headers[DEVICE_KEY_HEADER];
      const query = { ...request.query, deviceKey: typeof deviceKey === 'string' ? deviceKey : undefined };
      return ok(await inActorTenant(db, request, (tx, actor) => pullChanges(tx, actor, query)));
    },
  );

  api.post(
    '/pda/photo',
    {
      config,
      schema: {
        tags,
        querystring: pdaPhotoQuery,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(storedFile) },
      },
    },
    async (request) => {
      const [file] = await readFiles(request, {
        files: 1,
        fileBytes: FILE_LIMITS.bytesPerFile,
        fields: FILE_LIMITS.fields,
        fieldBytes: FILE_LIMITS.fieldBytes,
      });
      if (!file) throw new AppError('files.none');
      return ok(
        await inActorTenant(db, request, (tx, actor) =>
          storeInboundPhoto(tx, storage, actor, request.query, file),
        ),
      );
    },
  );
}
