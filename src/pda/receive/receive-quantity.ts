/**
 * How many units one scan may count in the open box, and the question a scan asks first when it
 * would count beyond what was shipped and the tolerance, or many units at once.
 */
import type { TFunction } from 'i18next';
import { NO_OVER_RECEIPT, receivableFreely, SCAN_QUANTITY } from '@shared/domain/inbound.js';
import type { InboundOrderData } from '../reference/inbound-orders.js';
import type { BoxLine } from './receive-data.js';

/**
 * The most one scan may count in this box: what its lines still expect plus the warehouse's
 * tolerance, the largest of them (at least one, never above SCAN_QUANTITY.max). Counting more of
 * a line than it allows asks for the over-receipt confirmation.
 */
export function scanLimit(step: { order: InboundOrderData; lines: BoxLine[] }): number {
  const tolerance = step.order.overReceipt ?? NO_OVER_RECEIPT;
  const most = Math.max(
    1,
    ...step.lines.map((line) =>
      receivableFreely({ shipQuantity: line.expected, receivedQuantity: line.received }, tolerance),
    ),
  );
  return Math.min(most, SCAN_QUANTITY.max);
}

/** The confirmation of an over-receipt (which names the quantity too) or else of a large quantity. */
export function quantityQuestion(
  t: TFunction,
  { isOver, sku, line, quantity }: { isOver: boolean; sku: string; line: BoxLine; quantity: number },
): { content: string; confirmText: string; cancelText: string } {
  return isOver
    ? {
        content: t('receive.overConfirm', {
          sku,
          expected: line.expected,
          received: line.received,
          quantity,
        }),
        confirmText: t('receive.overConfirmOk'),
        cancelText: t('undo.cancel'),
      }
    : {
        content: t('receive.largeConfirm', { sku, quantity }),
        confirmText: t('receive.largeConfirmOk', { quantity }),
        cancelText: t('undo.cancel'),
      };
}
