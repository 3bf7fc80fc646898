/**
 * Batches of hundreds of orders, arranged or printed on the job runner with their progress kept
 * as they go: the batch counts what succeeded and failed, and each order's row says what became
 * of it and why, so the screen reports every failure by order instead of one message.
 *
 * - arrange: each order arranged as waybills.service arranges one, a few at a time (the
 *   platforms' and carriers' rate limits are per shop and account, and calls are waited out);
 * - print: the orders' stored labels merged, page for page, into one PDF kept on the batch.
 *   An order without a stored label is reported and left out; the rest print.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BatchView } from '@shared/contract/logistics.js';
import { LOGISTICS_LIMITS, type WaybillBatchKind } from '@shared/domain/logistics.js';
import { AppError, type ErrorCode } from '@shared/errors.js';
import type { Language } from '@shared/i18n/languages.js';
import { withTenant, type Db, type TenantTx } from '../../db/client.js';
import { iso } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { translatorFor } from '../../i18n.js';
import { orderScope, orders } from '../orders/index.js';
import { mergePdfs } from '../printing/index.js';
import { renderOwnLabels } from './own-label.js';
import { waybillBatchItems, waybillBatches, waybillLabels, waybills } from './logistics.tables.js';
import type { LogisticsRuntime } from './runtime.js';
import type { ItemOutcome } from './waybill-outcome.js';
import { arrangeOrder } from './waybills.service.js';

export const WAYBILL_BATCH_JOB = 'waybill-batch';

/** What the job carries: the batch and who asked (the orders are worked on as that user sees them). */
export interface BatchJob {
  tenantId: string;
  batchId: string;
  actor: Omit<Actor, 'permissions'> & { permissions: string[] };
}

export function jobActor(actor: Actor): BatchJob['actor'] {
  return { ...actor, permissions: [...actor.permissions] };
}

const actorOfJob = (job: BatchJob): Actor => ({ ...job.actor, permissions: new Set(job.actor.permissions) });

/** A batch of the orders the actor sees, queued; 'order.not_found' when one is out of sight. */
export async function createBatch(
  tx: TenantTx,
  actor: Actor,
  kind: WaybillBatchKind,
  orderIds: readonly string[],
  channelId?: string,
): Promise<string> {
  const unique = [...new Set(orderIds)];
  const seen = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, unique), orderScope(actor)));
  if (seen.length !== unique.length) throw new AppError('order.not_found');
  const [batch] = await tx
    .insert(waybillBatches)
    .values({ kind, total: unique.length, createdBy: actor.userId, channelId: channelId ?? null })
    .returning({ id: waybillBatches.id });
  if (!batch) throw new Error('batch insert returned nothing');
  await tx
    .insert(waybillBatchItems)
    .values(unique.map((orderId, position) => ({ batchId: batch.id, orderId, position })));
  return batch.id;
}

async function settle(db: Db, tenantId: string, batchId: string, orderId: string, outcome: ItemOutcome) {
  await withTenant(db, tenantId, async (tx) => {
    await tx
      .update(waybillBatchItems)
      .set({
        outcome: outcome.outcome,
        errorCode: outcome.errorCode.slice(0, 64),
        params: outcome.params ?? {},
        message: outcome.detail.slice(0, 500),
      })
      .where(and(eq(waybillBatchItems.batchId, batchId), eq(waybillBatchItems.orderId, orderId)));
    await tx
      .update(waybillBatches)
      .set(
        outcome.outcome === 'failed'
          ? { failed: sql`${waybillBatches.failed} + 1` }
          : { succeeded: sql`${waybillBatches.succeeded} + 1` },
      )
      .where(eq(waybillBatches.id, batchId));
  });
}

async function pendingItems(db: Db, tenantId: string, batchId: string) {
  return withTenant(db, tenantId, (tx) =>
    tx
      .select({ orderId: waybillBatchItems.orderId })
      .from(waybillBatchItems)
      .where(and(eq(waybillBatchItems.batchId, batchId), eq(waybillBatchItems.outcome, 'pending')))
      .orderBy(asc(waybillBatchItems.position)),
  );
}

async function runArrange(db: Db, runtime: LogisticsRuntime, job: BatchJob, channelId: string | null) {
  const actor = actorOfJob(job);
  const queue = (await pendingItems(db, job.tenantId, job.batchId)).map((item) => item.orderId);
  const worker = async () => {
    for (let orderId = queue.shift(); orderId !== undefined; orderId = queue.shift()) {
      const outcome = await arrangeOrder(db, runtime, actor, orderId, channelId ?? undefined);
      await settle(db, job.tenantId, job.batchId, orderId, outcome);
    }
  };
  await Promise.all(Array.from({ length: LOGISTICS_LIMITS.concurrency }, worker));
}

/**
 * The print batch's PDF: each order's label in the batch's order — stored bytes as issued, and
 * runs of our own labels rendered together (one document's fonts for the run, not one each).
 */
async function runPrint(db: Db, job: BatchJob) {
  const items = await pendingItems(db, job.tenantId, job.batchId);
  const ids = items.map((item) => item.orderId);
  const labels = await withTenant(db, job.tenantId, (tx) =>
    tx
      .select({ orderId: waybills.orderId, source: waybills.labelSource, pdf: waybillLabels.pdf })
      .from(waybills)
      .leftJoin(waybillLabels, eq(waybillLabels.waybillId, waybills.id))
      .where(and(inArray(waybills.orderId, ids), eq(waybills.labelStatus, 'ready'))),
  );
  const labelOf = new Map(labels.map((label) => [label.orderId, label]));
  const parts: ({ kind: 'stored'; pdf: Buffer } | { kind: 'ours'; orderIds: string[] })[] = [];
  const printable: string[] = [];
  for (const orderId of ids) {
    const label = labelOf.get(orderId);
    if (label?.pdf) parts.push({ kind: 'stored', pdf: label.pdf });
    else if (label?.source === 'ours') {
      const last = parts.at(-1);
      if (last?.kind === 'ours') last.orderIds.push(orderId);
      else parts.push({ kind: 'ours', orderIds: [orderId] });
    } else {
      await settle(db, job.tenantId, job.batchId, orderId, {
        outcome: 'failed',
        errorCode: 'waybill.no_label',
        detail: '',
      });
      continue;
    }
    printable.push(orderId);
  }
  if (printable.length === 0) return;
  const language = job.actor.language ?? 'zh-CN';
  const pdfs: Buffer[] = [];
  for (const part of parts)
    pdfs.push(
      part.kind === 'stored'
        ? part.pdf
        : await withTenant(db, job.tenantId, (tx) => renderOwnLabels(tx, part.orderIds, language)),
    );
  const merged = pdfs.length === 1 && pdfs[0] ? pdfs[0] : await mergePdfs(pdfs);
  await withTenant(db, job.tenantId, async (tx) => {
    await tx.update(waybillBatches).set({ pdf: merged }).where(eq(waybillBatches.id, job.batchId));
    await tx
      .update(waybillBatchItems)
      .set({ outcome: 'ok' })
      .where(and(eq(waybillBatchItems.batchId, job.batchId), inArray(waybillBatchItems.orderId, printable)));
    await tx
      .update(waybillBatches)
      .set({ succeeded: sql`${waybillBatches.succeeded} + ${printable.length}` })
      .where(eq(waybillBatches.id, job.batchId));
  });
}

/** Works a batch through (the job's handler); a batch already finished is left as it is. */
export async function runBatch(db: Db, runtime: LogisticsRuntime, job: BatchJob): Promise<void> {
  const [batch] = await withTenant(db, job.tenantId, (tx) =>
    tx
      .update(waybillBatches)
      .set({ state: 'running' })
      .where(and(eq(waybillBatches.id, job.batchId), inArray(waybillBatches.state, ['queued', 'running'])))
      .returning(),
  );
  if (!batch) return;
  let errorMessage = '';
  try {
    if (batch.kind === 'arrange') await runArrange(db, runtime, job, batch.channelId);
    else await runPrint(db, job);
  } catch (error) {
    errorMessage = error instanceof Error ? error.message.slice(0, 500) : 'batch failed';
  }
  await withTenant(db, job.tenantId, (tx) =>
    tx
      .update(waybillBatches)
      .set({ state: errorMessage === '' ? 'done' : 'failed', errorMessage, finishedAt: sql`now()` })
      .where(eq(waybillBatches.id, job.batchId)),
  );
}

/** The batch's progress and its problems, in the reader's language; only its creator sees it. */
export async function batchView(
  tx: TenantTx,
  actor: Actor,
  id: string,
  language: Language,
): Promise<BatchView> {
  const [batch] = await tx
    .select({
      id: waybillBatches.id,
      kind: waybillBatches.kind,
      state: waybillBatches.state,
      total: waybillBatches.total,
      succeeded: waybillBatches.succeeded,
      failed: waybillBatches.failed,
      hasPdf: sql<boolean>`${waybillBatches.pdf} is not null`,
      errorMessage: waybillBatches.errorMessage,
      createdAt: waybillBatches.createdAt,
      finishedAt: waybillBatches.finishedAt,
    })
    .from(waybillBatches)
    .where(and(eq(waybillBatches.id, id), eq(waybillBatches.createdBy, actor.userId)));
  if (!batch) throw new AppError('waybill.batch_not_found');
  const problems = await tx
    .select({
      orderId: waybillBatchItems.orderId,
      orderNo: orders.orderNo,
      outcome: waybillBatchItems.outcome,
      errorCode: waybillBatchItems.errorCode,
      params: waybillBatchItems.params,
      detail: waybillBatchItems.message,
    })
    .from(waybillBatchItems)
    .innerJoin(orders, eq(orders.id, waybillBatchItems.orderId))
    .where(and(eq(waybillBatchItems.batchId, id), inArray(waybillBatchItems.outcome, ['failed', 'skipped'])))
    .orderBy(asc(waybillBatchItems.position))
    .limit(LOGISTICS_LIMITS.batchOrders);
  const t = translatorFor(language);
  return {
    ...batch,
    createdAt: iso(batch.createdAt),
    finishedAt: iso(batch.finishedAt),
    problems: problems.map((item) => ({
      orderId: item.orderId,
      orderNo: item.orderNo,
      outcome: item.outcome,
      errorCode: item.errorCode,
      message: describe(
        t,
        item.errorCode as ErrorCode,
        { ...item.params, orderNo: item.orderNo },
        item.detail,
      ),
    })),
  };
}

/** Our message for a code, with the platform's or carrier's own words after it. */
export function describe(
  t: (key: string, params?: Record<string, string | number>) => string,
  code: ErrorCode,
  params: Record<string, string | number>,
  detail: string,
): string {
  const ours = code ? t(`errors:${code}`, params) : '';
  return detail && detail !== ours ? `${ours} (${detail})` : ours;
}

/** The merged PDF of a finished print batch. */
export async function batchPdf(tx: TenantTx, actor: Actor, id: string): Promise<Buffer> {
  const [batch] = await tx
    .select({ state: waybillBatches.state, pdf: waybillBatches.pdf })
    .from(waybillBatches)
    .where(and(eq(waybillBatches.id, id), eq(waybillBatches.createdBy, actor.userId)));
  if (!batch) throw new AppError('waybill.batch_not_found');
  if (batch.state !== 'done' || !batch.pdf) throw new AppError('waybill.batch_not_ready');
  return batch.pdf;
}
