/**
 * Orders from a spreadsheet: the template (its header in the interface language) and the
 * all-or-nothing import. A refused file answers its row-by-row report (importReportOf).
 */
import { orderImportSummary } from '@shared/contract/order-sheet.js';
import { downloadBlob, requestEnvelope } from '../client.js';

/** GET /order/excel/template. */
export const downloadOrderTemplate = () => downloadBlob('/order/excel/template', {}, 'orders-template.xlsx');

/** The browser's time zone: times typed without an offset are read in it. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * POST /order/excel/import: every order of the file or none. Agents and administrators name the
 * seller; passReview approves the new orders at once (they reserve their stock).
 */
export function importOrders(file: File, options: { sellerId?: string; passReview?: boolean } = {}) {
  const form = new FormData();
  form.append('file', file);
  return requestEnvelope('/order/excel/import', {
    method: 'POST',
    query: {
      sellerId: options.sellerId,
      tz: browserTimeZone(),
      passReview: options.passReview ? 'true' : undefined,
    },
    body: form,
    schema: orderImportSummary,
    silent: true,
  });
}
