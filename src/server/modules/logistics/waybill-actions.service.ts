/**
 * The waybill calls that are more than one service call: a batch queued (recorded, its job sent
 * after the commit, then read back), a label step on each order, and tracking pushed again, each
 * answered as its bulk reply in the caller's language. Each owns its transactions.
 */
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import type { RouteCall } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { batchView, createBatch, jobActor, WAYBILL_BATCH_JOB, type BatchJob } from './batches.service.js';
import { replyOf } from './bulk-reply.js';
import type { LogisticsRuntime } from './runtime.js';
import { retryTrackingPush } from './tracking-push.service.js';
import { refetchLabel, resaveLabel } from './waybill-labels.service.js';
import type { BulkOutcome, ItemOutcome } from './waybill-outcome.js';

/** A batch recorded, its job sent once it has committed, and the batch as it now stands. */
export async function queueBatch(
  call: RouteCall,
  kind: 'arrange' | 'print',
  orderIds: string[],
  channelId?: string,
) {
  const { db, jobs } = call.deps;
  const actor = call.actor();
  const batchId = await inActorTenant(db, call.request, (tx) =>
    createBatch(tx, actor, kind, orderIds, channelId),
  );
  const job: BatchJob = {
    tenantId: actor.tenantId,
    batchId,
    actor: jobActor({ ...actor, language: call.language }),
  };
  await jobs.send(WAYBILL_BATCH_JOB, job, { singletonKey: batchId });
  return inActorTenant(db, call.request, (tx) => batchView(tx, actor, batchId, call.language));
}

/** A label step on each order: 'try again' (refetchLabel) or 'save again' (resaveLabel). */
async function eachLabel(
  call: RouteCall,
  orderIds: string[],
  step: (actor: Actor, orderId: string) => Promise<ItemOutcome>,
) {
  const actor = { ...call.actor(), language: call.language };
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
  return replyOf(call.request, outcome);
}

/** Each order's label fetched again from its carrier. */
export function refetchLabels(db: Db, runtime: LogisticsRuntime, call: RouteCall, orderIds: string[]) {
  return eachLabel(call, orderIds, (actor, orderId) => refetchLabel(db, runtime, actor, orderId));
}

/** Each order's label saved again from what was fetched. */
export function resaveLabels(db: Db, call: RouteCall, orderIds: string[]) {
  return eachLabel(call, orderIds, (actor, orderId) => resaveLabel(db, actor, orderId));
}

/** The orders' tracking pushed to their shops again. */
export async function pushTrackingAgain(
  db: Db,
  runtime: LogisticsRuntime,
  call: RouteCall,
  orderIds: string[],
) {
  return replyOf(call.request, await retryTrackingPush(db, runtime, call.actor(), orderIds));
}
