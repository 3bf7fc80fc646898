/**
 * Spreadsheet replies shared by every Excel call: a workbook as a download, and the row report
 * of a refused import (422 with the error envelope, every problem with its row, its column and
 * its translated message). HTTP only.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorParams } from '@shared/errors.js';
import { translatorFor } from '../i18n.js';
import { requestLanguage } from './request-context.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook made for a download. */
export interface SheetFile {
  fileName: string;
  data: Buffer;
}

/** One bad cell or row of an import. */
export interface RowProblem {
  row: number;
  column: string;
  /** An error code: `validation.<rule>` for a cell's format, else a business refusal. */
  code: string;
  params: ErrorParams;
}

export function sendSheet(reply: FastifyReply, file: SheetFile) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.data);
}

export interface RowReportOptions {
  /** The most problems listed (the count says how many there were). */
  limit: number;
  /** How the column is named to the user (the template's header in their language). */
  columnLabel?: (column: string, language: string) => string;
}

export function sendRowReport(
  request: FastifyRequest,
  reply: FastifyReply,
  problems: RowProblem[],
  options: RowReportOptions,
) {
  const language = requestLanguage(request);
  const t = translatorFor(language);
  const report = problems.slice(0, options.limit).map((problem) => ({
    row: problem.row,
    column: options.columnLabel?.(problem.column, language) ?? problem.column,
    code: problem.code,
    message: t(`errors:${problem.code}`, { ...problem.params, defaultValue: t('errors:validation.invalid') }),
  }));
  return reply.status(422).send({
    success: false,
    message: t('errors:import.rows_invalid', { count: problems.length }),
    code: 'import.rows_invalid',
    status: 422,
    params: { count: problems.length },
    report,
    result: null,
    timestamp: Date.now(),
  });
}
