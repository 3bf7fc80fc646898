/**
 * Box labels of an inbound order: what each label says, read through the order's detail so
 * whoever may see the order (its seller, the warehouse's staff, the agent) may print it and
 * nobody else (another seller's order answers 404), then drawn by the printing module.
 */
import type { Language } from '@shared/i18n/languages.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { translatorFor } from '../../i18n.js';
import { renderBoxLabels, type BoxLabel } from '../printing/index.js';
import { getInboundOrder } from './inbound.queries.js';
import type { PdfFile } from '../../http/pdf-reply.js';

/** Box numbers in the order a person counts them: BOX-2 before BOX-10. */
const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** GET /inbound/order/box/labels: one label per box of the order, 'box i of n' in box-number order. */
export async function boxLabels(
  tx: TenantTx,
  actor: Actor,
  input: { id: string; language: Language },
): Promise<PdfFile> {
  const order = await getInboundOrder(tx, actor, input.id);
  const t = translatorFor(input.language);
  const boxes = [...order.boxes].sort((a, b) => naturalOrder.compare(a.boxNo, b.boxNo));
  const captions: BoxLabel['captions'] = {
    sku: t('inbound:box_label.sku'),
    quantity: t('inbound:box_label.quantity'),
    total: '',
    more: (count, units) => t('inbound:box_label.more', { count, units }),
  };
  const labels: BoxLabel[] = boxes.map((box, index) => ({
    code: box.boxNo,
    heading: [
      t('inbound:box_label.box_of', { index: index + 1, count: boxes.length }),
      order.inboundNo,
      `${t('inbound:box_label.warehouse')}: ${order.warehouseCode}`,
      `${t('inbound:box_label.seller')}: ${order.sellerName}`,
    ],
    lines: box.lines.map((line) => ({
      text: `${line.sellerSku}  ${line.productName}`,
      quantity: line.shipQuantity,
    })),
    captions: { ...captions, total: t('inbound:box_label.total', { count: box.lines.length }) },
  }));
  const pdf = await renderBoxLabels(
    labels,
    input.language,
    t('inbound:box_label.title', { inboundNo: order.inboundNo }),
  );
  return { fileName: `box-labels-${order.inboundNo}.pdf`, pdf };
}
