/** The box list's row report names each column as the template's header does in the caller's language. HTTP only. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BOX_SHEET_COLUMNS, BOX_SHEET_LIMITS, type BoxSheetColumn } from '@shared/contract/inbound.js';
import type { Language } from '@shared/i18n/languages.js';
import { sendRowReport, type RowProblem } from '../../http/sheet-reply.js';
import { headerLabels } from './inbound-excel-sheet.js';

function columnLabel(column: string, language: string): string {
  const index = BOX_SHEET_COLUMNS.indexOf(column as BoxSheetColumn);
  return index >= 0 ? (headerLabels(language as Language)[index] ?? column) : column;
}

export function sendBoxListReport(request: FastifyRequest, reply: FastifyReply, problems: RowProblem[]) {
  return sendRowReport(request, reply, problems, { limit: BOX_SHEET_LIMITS.reportedErrors, columnLabel });
}
