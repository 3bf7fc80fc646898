/** Replies of the box list calls: the workbook as a download, and a refused file's row report. HTTP only. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BOX_SHEET_LIMITS } from '../../../shared/contract/inbound.js';
import { requestLanguage } from '../../http/request-context.js';
import { translatorFor } from '../../i18n.js';
import type { RowProblem, SheetFile } from './inbound-excel.service.js';
import { headerLabels } from './inbound-excel-sheet.js';
import { BOX_SHEET_COLUMNS, type BoxSheetColumn } from '../../../shared/contract/inbound.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function sendSheet(reply: FastifyReply, file: SheetFile) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.data);
}

/**
 * 422 with the error envelope and the report: every problem with its row, its column as the
 * template's header names it in the caller's language, and the translated message.
 */
export function sendRowReport(request: FastifyRequest, reply: FastifyReply, problems: RowProblem[]) {
  const language = requestLanguage(request);
  const t = translatorFor(language);
  const labels = headerLabels(language);
  const columnLabel = (column: string) => {
    const index = BOX_SHEET_COLUMNS.indexOf(column as BoxSheetColumn);
    return index >= 0 ? (labels[index] ?? column) : column;
  };
  const report = problems.slice(0, BOX_SHEET_LIMITS.reportedErrors).map((problem) => ({
    row: problem.row,
    column: columnLabel(problem.column),
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
