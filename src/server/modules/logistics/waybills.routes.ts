/**
 * Waybill calls (src/shared/contract/logistics.ts lists them): the outbound list, arranging and
 * printing in batches, labels (fetch, try again, save again, upload), printed marks, self-shipped
 * parcels and tracking pushed again. HTTP only: the work is in the services. Batches are queued
 * on the job runner and answered at once with their id; the screen follows their progress.
 * Registered beside the channel and outbound routes (app.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shared/contract/common.js';
import {
  arrangeBody,
  batchQuery,
  batchView as batchViewSchema,
  bulkReply,
  labelQuery,
  markPrintedBody,
  markPrintedReply,
  orderIdsBody,
  printBody,
  selfShippedBody,
  waybillListQuery,
  waybillPage,
} from '@shared/contract/logistics.js';
import { LOGISTICS_LIMITS } from '@shared/domain/logistics.js';
import { AppError } from '@shared/errors.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../http/actor.js';
import { sendPdf } from '../../http/pdf-reply.js';
import { actorOf, requestLanguage } from '../../http/request-context.js';
import { ok } from '../../http/reply.js';
import { needs, nothing, said } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { readFiles } from '../files/index.js';
import {
  batchPdf,
  batchView,
  createBatch,
  jobActor,
  WAYBILL_BATCH_JOB,
  type BatchJob,
} from './batches.service.js';
import { replyOf } from './bulk-reply.js';
import type { BulkOutcome } from './waybill-outcome.js';
import { retryTrackingPush } from './tracking-push.service.js';
import type { LogisticsRuntime } from './runtime.js';
import { labelOf, markPrinted, refetchLabel, resaveLabel, uploadLabel } from './waybill-labels.service.js';
import type { ItemOutcome } from './waybill-outcome.js';
import { markSelfShipped } from './waybills.service.js';
import { listWaybills } from './waybills.queries.js';

export async function waybillRoutes(app: FastifyInstance, deps: AppDeps, runtime: LogisticsRuntime) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['logistics'];

  api.get(
    '/waybill/list',
    {
      config: needs(PERMISSIONS.waybillList),
      schema: { tags, querystring: waybillListQuery, response: { 200: envelope(waybillPage) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listWaybills(tx, actor, request.query))),
  );

  const queueBatch = async (
    request: FastifyRequest,
    kind: 'arrange' | 'print',
    orderIds: string[],
    channelId?: string,
  ) => {
    const actor = actorOf(request);
    const batchId = await inActorTenant(db, request, (tx) =>
      createBatch(tx, actor, kind, orderIds, channelId),
    );
    const job: BatchJob = {
      tenantId: actor.tenantId,
      batchId,
      actor: jobActor({ ...actor, language: requestLanguage(request) }),
    };
    await deps.jobs.send(WAYBILL_BATCH_JOB, job, { singletonKey: batchId });
    return inActorTenant(db, request, (tx) => batchView(tx, actor, batchId, requestLanguage(request)));
  };

  api.post(
    '/waybill/arrange',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: { tags, body: arrangeBody, response: { 200: envelope(batchViewSchema) } },
    },
    async (request) =>
      ok(await queueBatch(request, 'arrange', request.body.orderIds, request.body.channelId)),
  );

  api.post(
    '/waybill/print',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: { tags, body: printBody, response: { 200: envelope(batchViewSchema) } },
    },
    async (request) => ok(await queueBatch(request, 'print', request.body.orderIds)),
  );

  api.get(
    '/waybill/batch',
    {
      config: needs(PERMISSIONS.waybillList),
      schema: { tags, querystring: batchQuery, response: { 200: envelope(batchViewSchema) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) =>
          batchView(tx, actor, request.query.id, requestLanguage(request)),
        ),
      ),
  );

  api.get(
    '/waybill/batch/pdf',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: { tags, querystring: batchQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const pdf = await inActorTenant(db, request, (tx, actor) => batchPdf(tx, actor, request.query.id));
      return sendPdf(reply, { pdf, fileName: `waybills-${request.query.id.slice(0, 8)}.pdf` });
    },
  );

  api.get(
    '/waybill/label',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: { tags, querystring: labelQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const label = await inActorTenant(db, request, (tx, actor) =>
        labelOf(tx, actor, request.query.orderId, requestLanguage(request)),
      );
      return sendPdf(reply, { pdf: label.pdf, fileName: label.name });
    },
  );

  /** A label step on each order: 'try again' (refetchLabel) or 'save again' (resaveLabel). */
  const eachLabel = async (
    request: FastifyRequest,
    orderIds: string[],
    step: (actor: Actor, orderId: string) => Promise<ItemOutcome>,
  ) => {
    const actor = { ...actorOf(request), language: requestLanguage(request) };
    const outcome: BulkOutcome = { succeeded: 0, failed: [] };
    for (const orderId of orderIds) {
      const done: ItemOutcome = await step(actor, orderId);
      if (done.outcome === 'ok') outcome.succeeded += 1;
      else
        outcome.failed.push({
          orderId,
          orderNo: '',
          errorCode: done.errorCode,
          params: done.params ?? {},
          detail: done.detail,
        });
    }
    return replyOf(request, outcome);
  };

  api.post(
    '/waybill/label/retry',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: { tags, body: orderIdsBody, response: { 200: envelope(bulkReply) } },
    },
    async (request) =>
      ok(
        await eachLabel(request, request.body.orderIds, (actor, orderId) =>
          refetchLabel(db, runtime, actor, orderId),
        ),
      ),
  );

  api.post(
    '/waybill/label/regenerate',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: { tags, body: orderIdsBody, response: { 200: envelope(bulkReply) } },
    },
    async (request) =>
      ok(
        await eachLabel(request, request.body.orderIds, (actor, orderId) => resaveLabel(db, actor, orderId)),
      ),
  );

  api.post(
    '/waybill/label/upload',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: labelQuery,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const [file] = await readFiles(request, {
        files: 1,
        fileBytes: LOGISTICS_LIMITS.labelBytes,
        fields: 1,
        fieldBytes: 100,
      });
      if (!file) throw new AppError('waybill.label_invalid');
      return ok(
        await inActorTenant(db, request, (tx, actor) =>
          uploadLabel(tx, actor, request.query.orderId, file.data),
        ),
        said(request, 'upload_succeeded'),
      );
    },
  );

  api.post(
    '/waybill/printed',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: {
        tags,
        body: markPrintedBody,
        response: { 200: envelope(markPrintedReply) },
      },
    },
    async (request) => {
      const marked = await inActorTenant(db, request, (tx, actor) =>
        markPrinted(tx, actor, request.body.orderIds, request.body.isPrinted),
      );
      return ok({ count: marked }, said(request, 'updated'));
    },
  );

  api.post(
    '/waybill/selfShipped',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: { tags, body: selfShippedBody, response: { 200: nothing } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => markSelfShipped(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.post(
    '/waybill/tracking/push',
    {
      config: needs(PERMISSIONS.outboundEdit),
      schema: { tags, body: orderIdsBody, response: { 200: envelope(bulkReply) } },
    },
    async (request) =>
      ok(replyOf(request, await retryTrackingPush(db, runtime, actorOf(request), request.body.orderIds))),
  );
}
