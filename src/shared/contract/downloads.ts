/**
 * The download list's calls: ask for an export (a task the server works in the background),
 * list one's own tasks, fetch a finished file, delete a task.
 */
import { z } from 'zod';
import { DOWNLOAD_STATUSES, EXPORT_KINDS } from '../domain/downloads.js';
import { pageQuery, string, uuid } from './common.js';
import { catalogExportQuery } from './catalog-excel.js';
import { isTimeZone } from './dashboard.js';
import { stockListQuery, stockRecordsQuery } from './inventory.js';
import { orderListQuery } from './orders.js';

/**
 * The asker's time zone (the browser's), whose clock the file's times show; the server takes the
 * tenant's first warehouse's when it is left out.
 */
const exportTimeZone = string()
  .max(64)
  .regex(/^[A-Za-z0-9_+/-]+$/, { message: 'time_zone' })
  .refine(isTimeZone, { message: 'time_zone' })
  .optional();

/** The filters of the list being exported, as that list takes them (paging aside). */
export const exportRequest = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('orders'),
    timeZone: exportTimeZone,
    filters: orderListQuery
      .omit({ pageNo: true, pageSize: true, _t: true })
      .default({ dateField: 'ordered', tagMatch: 'any' }),
  }),
  z.strictObject({
    kind: z.literal('products'),
    timeZone: exportTimeZone,
    filters: catalogExportQuery.omit({ _t: true, lang: true }).default({}),
  }),
  z.strictObject({
    kind: z.literal('stock'),
    timeZone: exportTimeZone,
    filters: stockListQuery.omit({ pageNo: true, pageSize: true, _t: true }).default({}),
  }),
  z.strictObject({
    kind: z.literal('stock_records'),
    timeZone: exportTimeZone,
    filters: stockRecordsQuery.omit({ pageNo: true, pageSize: true, _t: true }).default({}),
  }),
]);
export type ExportRequest = z.input<typeof exportRequest>;
export type ExportRequestParsed = z.infer<typeof exportRequest>;

export const downloadTaskView = z.object({
  id: string(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(DOWNLOAD_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  fileName: string().nullable(),
  fileBytes: z.number().int().nullable(),
  rowCount: z.number().int().nullable(),
  /** Why it failed: an error code, translated by the client. */
  errorCode: string().nullable(),
  createTime: string(),
  finishedTime: string().nullable(),
  /** When the file is deleted. */
  expiresTime: string().nullable(),
});
export type DownloadTaskView = z.infer<typeof downloadTaskView>;

export const downloadListQuery = pageQuery.extend({
  status: z.union([z.literal(''), z.enum(DOWNLOAD_STATUSES)]).optional(),
});
export type DownloadListQuery = z.infer<typeof downloadListQuery>;

export const downloadTaskParams = z.object({ id: uuid });
