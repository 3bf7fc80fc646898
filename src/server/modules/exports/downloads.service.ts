/**
 * Download tasks: asking for an export, the asker's list, the finished file, deleting a task,
 * and the two jobs behind them — working one export, and deleting files past their time.
 *
 * A task is claimed by one job run (queued → running in one statement), so a job delivered
 * twice, or re-sent by the sweep, writes its file once. A task whose job was lost (the node
 * stopped between the task's commit and the send, or mid-export) is re-queued by the sweep.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Page } from '@shared/contract/common.js';
import type { DownloadListQuery, DownloadTaskView, ExportRequestParsed } from '@shared/contract/downloads.js';
import { DOWNLOAD_LIMITS } from '@shared/domain/downloads.js';
import type { UserRole } from '@shared/domain/roles.js';
import { AppError } from '@shared/errors.js';
import { isLanguage, type Language, DEFAULT_LANGUAGE } from '@shared/i18n/languages.js';
import { rowsOf, withTenant, type Db, type TenantTx } from '../../db/client.js';
import { allOf, offsetOf } from '../../db/query-helpers.js';
import { hasPermission, type Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import type { FileStorage } from '../files/index.js';
import { warehouses } from '../warehouse/index.js';
import { downloadTasks, type TaskActor } from './exports.tables.js';
import { EXPORT_PERMISSIONS, runExporter } from './exporters.js';

type TaskRow = typeof downloadTasks.$inferSelect;

/** The job that works one task, and what it carries. */
export const EXPORT_JOB = 'export';
export interface ExportJobData {
  tenantId: string;
  taskId: string;
}

/** Sends a task's job; a web-only node still sends (a working node takes it). */
export type SendExportJob = (data: ExportJobData) => Promise<void>;

/** Tells the asker's open pages that a task changed (the live channel). */
export type NotifyAsker = (
  tx: TenantTx,
  task: { userId: string; id: string; status: string },
) => Promise<void>;

function viewOf(row: TaskRow): DownloadTaskView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    fileName: row.fileName,
    fileBytes: row.fileBytes,
    rowCount: row.rowCount,
    errorCode: row.errorCode,
    createTime: row.createdAt.toISOString(),
    finishedTime: row.finishedAt?.toISOString() ?? null,
    expiresTime: row.expiresAt?.toISOString() ?? null,
  };
}

function taskActorOf(actor: Actor, language: Language, timeZone: string): TaskActor {
  return {
    sessionId: actor.sessionId,
    username: actor.username,
    userRole: actor.userRole,
    sellerId: actor.sellerId,
    orgCode: actor.orgCode,
    permissions: [...actor.permissions],
    isAdmin: actor.isAdmin,
    language,
    timeZone,
  };
}

/** The clock an export's times show: the asker's, else the tenant's first warehouse's, else UTC. */
async function exportTimeZoneOf(tx: TenantTx, asked: string | undefined): Promise<string> {
  if (asked) return asked;
  const [first] = await tx
    .select({ timeZone: warehouses.timeZone })
    .from(warehouses)
    .orderBy(asc(warehouses.createdAt))
    .limit(1);
  return first?.timeZone ?? 'UTC';
}

function actorOfTask(row: TaskRow): Actor {
  return {
    tenantId: row.tenantId,
    userId: row.userId,
    sessionId: row.actor.sessionId,
    username: row.actor.username,
    userRole: row.actor.userRole as UserRole,
    sellerId: row.actor.sellerId,
    orgCode: row.actor.orgCode,
    permissions: new Set(row.actor.permissions),
    isAdmin: row.actor.isAdmin,
    language: isLanguage(row.actor.language) ? row.actor.language : null,
  };
}

/**
 * POST /sys/downloadTask/add (its body parsed by the contract): records the export; the route
 * then sends its job. Needs the permission of
 * the list it exports; at most DOWNLOAD_LIMITS.pendingPerUser unfinished tasks per user.
 */
export async function requestExport(
  tx: TenantTx,
  actor: Actor,
  input: ExportRequestParsed,
  language: Language,
): Promise<DownloadTaskView> {
  if (!hasPermission(actor, EXPORT_PERMISSIONS[input.kind])) throw new AppError('common.forbidden');
  // One user's asks are counted one at a time, so two at once cannot both pass the limit.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`downloads:${actor.userId}`}, 0))`);
  const [pending] = await tx
    .select({ n: count() })
    .from(downloadTasks)
    .where(and(eq(downloadTasks.userId, actor.userId), inArray(downloadTasks.status, ['queued', 'running'])));
  if ((pending?.n ?? 0) >= DOWNLOAD_LIMITS.pendingPerUser)
    throw new AppError('downloads.too_many_pending', { max: DOWNLOAD_LIMITS.pendingPerUser });
  const [row] = await tx
    .insert(downloadTasks)
    .values({
      userId: actor.userId,
      kind: input.kind,
      filters: input.filters as Record<string, unknown>,
      actor: taskActorOf(actor, language, await exportTimeZoneOf(tx, input.timeZone)),
    })
    .returning();
  if (!row) throw new AppError('common.internal');
  return viewOf(row);
}

/** GET /sys/downloadTask/list: the caller's own tasks, newest first. */
export async function listDownloadTasks(
  tx: TenantTx,
  actor: Actor,
  query: DownloadListQuery,
): Promise<Page<DownloadTaskView>> {
  const where = allOf([
    eq(downloadTasks.userId, actor.userId),
    query.status ? eq(downloadTasks.status, query.status) : undefined,
  ]);
  const [total] = await tx.select({ n: count() }).from(downloadTasks).where(where);
  const rows = await tx
    .select()
    .from(downloadTasks)
    .where(where)
    .orderBy(desc(downloadTasks.createdAt), desc(downloadTasks.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  return page(rows.map(viewOf), total?.n ?? 0, query.pageNo, query.pageSize);
}

async function ownTask(tx: TenantTx, actor: Actor, id: string): Promise<TaskRow> {
  const [row] = await tx
    .select()
    .from(downloadTasks)
    .where(and(eq(downloadTasks.id, id), eq(downloadTasks.userId, actor.userId)));
  if (!row) throw new AppError('downloads.not_found');
  return row;
}

/** GET /sys/downloadTask/file/:id: the finished file of one's own task. */
export async function downloadTaskFile(
  tx: TenantTx,
  files: FileStorage,
  actor: Actor,
  id: string,
): Promise<{ fileName: string; data: Buffer }> {
  const row = await ownTask(tx, actor, id);
  if (row.status !== 'done' || !row.fileKey || !row.fileName) throw new AppError('downloads.not_ready');
  const data = await files.get(actor.tenantId, row.fileKey);
  if (!data) throw new AppError('downloads.not_found');
  return { fileName: row.fileName, data };
}

/** DELETE /sys/downloadTask/delete: removes one's own task and its file (a running one too: its job then finds nothing to finish). */
export async function deleteDownloadTask(
  tx: TenantTx,
  files: FileStorage,
  actor: Actor,
  id: string,
): Promise<void> {
  const row = await ownTask(tx, actor, id);
  await tx.delete(downloadTasks).where(eq(downloadTasks.id, row.id));
  if (row.fileKey) await files.remove(actor.tenantId, row.fileKey);
}

export interface ExportWorkDeps {
  db: Db;
  files: FileStorage;
  notify: NotifyAsker;
}

/**
 * The export job: claims the task, makes its file with the asker's rights, stores it and marks
 * the task done (or failed with a code). Progress is written in short transactions of its own,
 * so the list shows it while the export runs.
 */
export async function workExportTask(deps: ExportWorkDeps, data: ExportJobData): Promise<void> {
  const { db, files, notify } = deps;
  const claimed = await withTenant(db, data.tenantId, async (tx) => {
    const [row] = await tx
      .update(downloadTasks)
      .set({ status: 'running', startedAt: new Date(), progress: 0 })
      .where(and(eq(downloadTasks.id, data.taskId), eq(downloadTasks.status, 'queued')))
      .returning();
    if (row) await notify(tx, row);
    return row;
  });
  if (!claimed) return;
  const actor = actorOfTask(claimed);
  const language = isLanguage(claimed.actor.language) ? claimed.actor.language : DEFAULT_LANGUAGE;
  const setProgress = async (percent: number) => {
    await withTenant(db, data.tenantId, (tx) =>
      tx
        .update(downloadTasks)
        .set({ progress: Math.max(0, Math.min(99, Math.round(percent))) })
        .where(and(eq(downloadTasks.id, claimed.id), eq(downloadTasks.status, 'running'))),
    );
  };
  try {
    const file = await withTenant(
      db,
      data.tenantId,
      (tx) =>
        runExporter(
          tx,
          actor,
          { kind: claimed.kind, filters: claimed.filters } as ExportRequestParsed,
          { language, timeZone: claimed.actor.timeZone ?? 'UTC' },
          setProgress,
        ),
      actor.userId,
    );
    const fileKey = `downloads/${claimed.userId}/${claimed.id}-${randomUUID()}.xlsx`;
    await files.put(data.tenantId, fileKey, file.data);
    const finished = await withTenant(db, data.tenantId, async (tx) => {
      const [row] = await tx
        .update(downloadTasks)
        .set({
          status: 'done',
          progress: 100,
          fileKey,
          fileName: file.fileName,
          fileBytes: file.data.length,
          rowCount: file.rowCount,
          finishedAt: new Date(),
          expiresAt: sql`now() + make_interval(days => ${DOWNLOAD_LIMITS.keepDays})`,
        })
        .where(and(eq(downloadTasks.id, claimed.id), eq(downloadTasks.status, 'running')))
        .returning();
      if (row) await notify(tx, row);
      return row;
    });
    // Deleted while it ran: the file has no task left to show it.
    if (!finished) await files.remove(data.tenantId, fileKey);
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'downloads.export_failed';
    await withTenant(db, data.tenantId, async (tx) => {
      const [row] = await tx
        .update(downloadTasks)
        .set({
          status: 'failed',
          errorCode: code,
          finishedAt: new Date(),
          expiresAt: sql`now() + make_interval(days => ${DOWNLOAD_LIMITS.keepDays})`,
        })
        .where(and(eq(downloadTasks.id, claimed.id), eq(downloadTasks.status, 'running')))
        .returning();
      if (row) await notify(tx, row);
    });
    if (!(error instanceof AppError)) throw error;
  }
}

/** How long a task may stay queued or running before the sweep sends its job again. */
const STALE_MINUTES = { queued: 2, running: 30 } as const;

/**
 * The downloads' retention job, in every tenant: deletes tasks and files past their time, and
 * re-queues tasks whose job was lost. Answers how many went and how many were sent again.
 */
export async function sweepDownloads(deps: {
  db: Db;
  files: FileStorage;
  send: SendExportJob;
}): Promise<{ expired: number; requeued: number }> {
  const tenantIds = rowsOf<{ id: string }>(
    await deps.db.execute(sql`select id from app_tenant_ids() as id`),
  ).map((row) => row.id);
  let expired = 0;
  let requeued = 0;
  for (const tenantId of tenantIds) {
    const { gone, stale } = await withTenant(deps.db, tenantId, async (tx) => {
      const gone = await tx
        .delete(downloadTasks)
        .where(lt(downloadTasks.expiresAt, sql`now()`))
        .returning({ fileKey: downloadTasks.fileKey });
      const stale = await tx
        .update(downloadTasks)
        .set({ status: 'queued', progress: 0 })
        .where(
          sql`(${downloadTasks.status} = 'queued' and ${downloadTasks.createdAt} < now() - make_interval(mins => ${STALE_MINUTES.queued}))
           or (${downloadTasks.status} = 'running' and ${downloadTasks.startedAt} < now() - make_interval(mins => ${STALE_MINUTES.running}))`,
        )
        .returning({ id: downloadTasks.id });
      return { gone, stale };
    });
    for (const { fileKey } of gone) if (fileKey) await deps.files.remove(tenantId, fileKey);
    for (const { id } of stale) await deps.send({ tenantId, taskId: id });
    expired += gone.length;
    requeued += stale.length;
  }
  return { expired, requeued };
}
