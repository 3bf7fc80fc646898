/**
 * The PDA sync calls of docs/research/pda-offline.md §3.10: push ops, register a device, pull
 * reference data, and an inbound photo. Declarations (http/route-kit.ts), but for the photo,
 * registered by hand because it is a multipart upload.
 *
 * A push owns its transactions (push.service.ts pushFromDevice): its batch of ops is applied in
 * one transaction that locks the device's row, each op under a savepoint of its own, the whole
 * batch run again from the start when PostgreSQL aborts it for a deadlock (up to three
 * attempts); after that commit, the tracking numbers of the orders it handed over are pushed to
 * their marketplaces, each order's push in transactions of its own.
 */
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
import { declareRoutes, route } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { readFiles } from '../files/index.js';
import type { LogisticsRuntime } from '../logistics/index.js';
import { presentedDeviceKey } from '../../access/device-key.js';
import { storeInboundPhoto } from './photo.service.js';
import { pullChanges } from './pull.service.js';
import { pushFromDevice, registerDevice } from './push.service.js';

const config = { permission: { code: PERMISSIONS.pdaSync } };

export async function pdaRoutes(app: FastifyInstance, deps: AppDeps, logistics: LogisticsRuntime) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, files: storage } = deps;
  const tags = ['pda'];

  declareRoutes(app, deps, 'pda', [
    route({
      method: 'POST',
      url: '/pda/sync/push',
      permission: PERMISSIONS.pdaSync,
      input: pushRequest,
      reply: pushReply,
      // Its own transactions: the batch's, then each handed-over order's tracking push.
      serve: (body, call) => pushFromDevice(db, logistics, call.actor(), body),
    }),
    route({
      method: 'POST',
      url: '/pda/device/register',
      permission: PERMISSIONS.pdaSync,
      input: registerDeviceRequest,
      reply: registerDeviceReply,
      run: registerDevice,
    }),
    route({
      method: 'GET',
      url: '/pda/sync/pull',
      permission: PERMISSIONS.pdaSync,
      input: pullQuery,
      reply: pullReply,
      run: (tx, actor, query, call) =>
        pullChanges(tx, actor, { ...query, deviceKey: presentedDeviceKey(call.request) }),
    }),
  ]);

  // The photo is a multipart upload: registered by hand, in its place.
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
