/**
 * Logistics channel, waybill and outbound calls (src/shared/contract/logistics.ts lists them).
 * HTTP only: the work is in the services. Batches are queued on the job runner and answered at
 * once with their id; the screen follows their progress.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shared/contract/common.js';
import {
  addChannelBody,
  arrangeBody,
  batchQuery,
  batchView as batchViewSchema,
  bulkReply,
  channelIdBody,
  channelIdQuery,
  channelListQuery,
  channelOptions as channelOptionsSchema,
  channelOptionsQuery,
  channelPage,
  channelView as channelViewSchema,
  editChannelBody,
  enableChannelBody,
  labelQuery,
  markPrintedBody,
  markPrintedReply,
  orderIdsBody,
  orderIdsQuery,
  packedBody,
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
import { translatorFor } from '../../i18n.js';
import { readFiles } from '../files/index.js';
import { renderPackingLists, renderPickList } from '../printing/index.js';
import {
  batchPdf,
  batchView,
  createBatch,
  describe,
  jobActor,
  WAYBILL_BATCH_JOB,
  type BatchJob,
} from './batches.service.js';
import {
  addChannel,
  authoriseChannel,
  channelOptions,
  channelView,
  deleteChannel,
  editChannel,
  enableChannel,
  listChannels,
} from './channels.service.js';
import {
  markDelivered,
  markPacked,
  markPicked,
  retryTrackingPush,
  type BulkOutcome,
} from './outbound.service.js';
import type { LogisticsRuntime } from './runtime.js';
import { bagRoutes } from './bags.routes.js';
import { labelOf, markPrinted, refetchLabel, resaveLabel, uploadLabel } from './waybill-labels.service.js';
import type { ItemOutcome } from './waybill-outcome.js';
import { markSelfShipped } from './waybills.service.js';
import { listWaybills, packingListData, pickListData } from './waybills.queries.js';

/** A bulk outcome as the reply says it: each refusal in the reader's language. */
function replyOf(request: FastifyRequest, outcome: BulkOutcome) {
  const t = translatorFor(requestLanguage(request));
  return {
    succeeded: outcome.succeeded,
    failed: outcome.failed.map((item) => ({
      orderId: item.orderId,
      orderNo: item.orderNo,
      errorCode: item.errorCode,
      message: describe(t, item.errorCode as never, { orderNo: item.orderNo, ...item.params }, item.detail),
    })),
  };
}

export async function logisticsRoutes(app: FastifyInstance, deps: AppDeps, runtime: LogisticsRuntime) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['logistics'];

  // --- channels -------------------------------------------------------------------------

  api.get(
    '/logistics/channel/list',
    {
      config: needs(PERMISSIONS.channelList),
      schema: { tags, querystring: channelListQuery, response: { 200: envelope(channelPage) } },
    },
    async (request) => ok(await inActorTenant(db, request, (tx) => listChannels(tx, request.query))),
  );

  api.post(
    '/logistics/channel/add',
    {
      config: needs(PERMISSIONS.channelEdit),
      schema: { tags, body: addChannelBody, response: { 200: envelope(channelViewSchema) } },
    },
    async (request) => {
      const row = await inActorTenant(db, request, (tx) => addChannel(tx, runtime, request.body));
      const view =
        row.kind === 'carrier' ? await authoriseChannel(db, runtime, row.tenantId, row.id) : channelView(row);
      return ok(view, said(request, 'added'));
    },
  );

  api.put(
    '/logistics/channel/edit',
    {
      config: needs(PERMISSIONS.channelEdit),
      schema: { tags, body: editChannelBody, response: { 200: envelope(channelViewSchema) } },
    },
    async (request) => {
      const row = await inActorTenant(db, request, (tx) => editChannel(tx, runtime, request.body));
      const keysChanged = Boolean(request.body.appKey || request.body.appSecret);
      const view = keysChanged ? await authoriseChannel(db, runtime, row.tenantId, row.id) : channelView(row);
      return ok(view, said(request, 'updated'));
    },
  );

  api.post(
    '/logistics/channel/enable',
    {
      config: needs(PERMISSIONS.channelEdit),
      schema: { tags, body: enableChannelBody, response: { 200: envelope(channelViewSchema) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx) => enableChannel(tx, request.body.id, request.body.isEnabled)),
        said(request, 'updated'),
      ),
  );

  api.post(
    '/logistics/channel/authorise',
    {
      config: needs(PERMISSIONS.channelEdit),
      schema: { tags, body: channelIdBody, response: { 200: envelope(channelViewSchema) } },
    },
    async (request) => ok(await authoriseChannel(db, runtime, actorOf(request).tenantId, request.body.id)),
  );

  api.delete(
    '/logistics/channel/delete',
    {
      config: needs(PERMISSIONS.channelEdit),
      schema: { tags, querystring: channelIdQuery, response: { 200: nothing } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx) => deleteChannel(tx, request.query.id)),
        said(request, 'deleted'),
      ),
  );

  api.get(
    '/logistics/channel/options',
    {
      config: needs(PERMISSIONS.waybillArrange),
      schema: { tags, querystring: channelOptionsQuery, response: { 200: envelope(channelOptionsSchema) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => channelOptions(tx, actor, request.query.orderIds))),
  );

  // --- waybills -------------------------------------------------------------------------

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

  // --- outbound -------------------------------------------------------------------------

  api.post(
    '/outbound/picked',
    {
      config: needs(PERMISSIONS.outboundEdit),
      schema: { tags, body: orderIdsBody, response: { 200: envelope(bulkReply) } },
    },
    async (request) => ok(replyOf(request, await markPicked(db, actorOf(request), request.body.orderIds))),
  );

  api.post(
    '/outbound/packed',
    {
      config: needs(PERMISSIONS.outboundEdit),
      schema: { tags, body: packedBody, response: { 200: envelope(bulkReply) } },
    },
    async (request) =>
      ok(
        replyOf(
          request,
          await markPacked(db, actorOf(request), request.body.orderIds, request.body.weightGrams),
        ),
      ),
  );

  api.post(
    '/outbound/delivered',
    {
      config: needs(PERMISSIONS.outboundEdit),
      schema: { tags, body: orderIdsBody, response: { 200: envelope(bulkReply) } },
    },
    async (request) => {
      const outcome = await markDelivered(db, runtime, actorOf(request), request.body.orderIds);
      return ok(replyOf(request, outcome), outcome.succeeded > 0 ? said(request, 'delivery_succeeded') : '');
    },
  );

  api.get(
    '/outbound/pickList',
    {
      config: needs(PERMISSIONS.waybillList),
      schema: { tags, querystring: orderIdsQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const data = await inActorTenant(db, request, (tx, actor) =>
        pickListData(tx, actor, request.query.orderIds),
      );
      const waveNo = `W${new Date().toISOString().slice(2, 16).replace(/\D/g, '')}`;
      const pdf = await renderPickList(
        {
          waveNo,
          warehouse: data.warehouse,
          createdAt: new Date(),
          timeZone: data.timeZone,
          lines: data.lines,
        },
        language,
      );
      return sendPdf(reply, { pdf, fileName: `${waveNo}.pdf` });
    },
  );

  api.get(
    '/outbound/packingList',
    {
      config: needs(PERMISSIONS.waybillList),
      schema: { tags, querystring: orderIdsQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const data = await inActorTenant(db, request, (tx, actor) =>
        packingListData(tx, actor, request.query.orderIds),
      );
      const pdf = await renderPackingLists(
        data.map((order) => ({
          ...order,
          lines: order.lines.map((line) => ({ ...line, productName: line.name })),
        })),
        language,
      );
      return sendPdf(reply, { pdf, fileName: 'packing-lists.pdf' });
    },
  );

  // Bags and the PDA's pack/bag/hand-over work (bags.routes.ts).
  await bagRoutes(app, deps);
}
