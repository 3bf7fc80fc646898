/**
 * Packing lists, one order per page, on the 100 × 150 mm label stock: the pack bench already
 * has the thermal printer that prints the waybills, so the slip comes out of the same printer
 * with no paper to change, and it fits in any parcel unfolded. An order with more lines than a
 * page holds continues on pages of its own ('page x of y' of that order); two orders never share
 * a page. Printed apart from the waybill, which never carries product lines. Pure layout: the
 * caller gathers the orders, in packing order.
 */
import type { Language } from '@shared/i18n/languages.js';
import type { ParcelType } from '@shared/domain/order.js';
import { code128Drawer } from './barcodes.js';
import { MM, openLabelDocument } from './label-document.js';
import { formatCount, packingListTexts, type PackingListTexts } from './outbound-texts.js';
import {
  columnBoxes,
  drawCells,
  drawHeadings,
  drawRule,
  measurer,
  paginate,
  type Measure,
  type TableLayout,
} from './table-pdf.js';
import { writeFitted, type FitBox, type FittedText } from './text-fit.js';
import { WAYBILL_SIZE } from './waybill-pdf.js';

export const PACKING_LIST_SIZE = WAYBILL_SIZE;
const MARGIN = 4 * MM;
const ROW_PAD = 0.8 * MM;

export interface PackingListLine {
  skuCode: string;
  productName: string;
  variation?: string | null;
  quantity: number;
}

export interface PackingListOrder {
  orderNo: string;
  trackingNo?: string | null;
  recipientName: string;
  parcelType: ParcelType;
  lines: readonly PackingListLine[];
}

const COLUMNS = { sku: 28, product: 52, quantity: 12 } as const;
type Column = keyof typeof COLUMNS;
const COLUMN_INSET = 0.5 * MM;

interface Row {
  cells: Record<Column, FittedText>;
  height: number;
}

function measureRows(order: PackingListOrder, measure: Measure, language: Language): Row[] {
  const boxes = columnBoxes(COLUMNS, MARGIN, COLUMN_INSET);
  return order.lines.map((line) => {
    const product = line.variation ? `${line.productName}\n${line.variation}` : line.productName;
    const cell = (column: Column, text: string, size: number, maxLines: number) =>
      measure(text, { width: boxes[column].width, height: Infinity, size, minSize: 6.5, maxLines });
    const cells = {
      sku: cell('sku', line.skuCode, 8.5, 2),
      product: cell('product', product, 8.5, 3),
      quantity: cell('quantity', formatCount(line.quantity, language), 10, 1),
    };
    return { cells, height: Math.max(...Object.values(cells).map((fitted) => fitted.height)) + 2 * ROW_PAD };
  });
}

/** The orders' packing lists as one PDF, each order on its own page(s), in the order given. */
export async function renderPackingLists(
  orders: readonly PackingListOrder[],
  language: Language,
  options: { texts?: PackingListTexts } = {},
): Promise<Buffer> {
  const texts = options.texts ?? packingListTexts(language);
  const { doc, done } = openLabelDocument(PACKING_LIST_SIZE, 0, texts.title);
  const barcodes = code128Drawer(doc);
  await barcodes.prepare(orders.map((order) => order.orderNo));
  const measure = measurer(doc, language);
  const write = (text: string, box: FitBox) => writeFitted(doc, text, language, box);
  const [pageWidth, pageHeight] = PACKING_LIST_SIZE;
  const inner = pageWidth - 2 * MARGIN;
  const table: TableLayout<Column> = {
    doc,
    language,
    boxes: columnBoxes(COLUMNS, MARGIN, COLUMN_INSET),
    left: MARGIN,
    right: pageWidth - MARGIN,
    numeric: 'quantity',
    rowPad: ROW_PAD,
  };
  const firstHeader = 38 * MM;
  const laterHeader = 12 * MM;
  const columnsHeight = 5.5 * MM;
  const footer = 12 * MM;
  const room = (header: number) => pageHeight - 2 * MARGIN - header - columnsHeight - footer;

  for (const order of orders) {
    const pages = paginate(measureRows(order, measure, language), room(firstHeader), room(laterHeader));
    pages.forEach((rows, index) => {
      doc.addPage({ size: PACKING_LIST_SIZE, margin: 0 });
      let y = MARGIN;
      if (index === 0) {
        y = write(texts.title, {
          x: MARGIN,
          y,
          width: inner,
          height: 7 * MM,
          size: 12,
          minSize: 8,
          maxLines: 1,
        });
        barcodes.draw(order.orderNo, {
          x: MARGIN,
          y: y + 0.5 * MM,
          width: inner,
          height: 11 * MM,
          maxModule: 0.4 * MM,
        });
        y = write(`${texts.order} ${order.orderNo}`, {
          x: MARGIN,
          y: y + 12 * MM,
          width: inner,
          height: 7 * MM,
          size: 11,
          minSize: 7,
          maxLines: 1,
          align: 'center',
        });
        const facts = [
          `${texts.tracking}: ${order.trackingNo ?? '-'}`,
          `${texts.recipient}: ${order.recipientName}`,
          `${texts.parcelTypeCaption}: ${texts.parcelType[order.parcelType]}`,
        ];
        for (const fact of facts)
          y = write(fact, { x: MARGIN, y, width: inner, height: 5 * MM, size: 9, minSize: 6.5, maxLines: 1 });
        y = MARGIN + firstHeader;
      } else {
        write(`${texts.order} ${order.orderNo} ${texts.continued}`, {
          x: MARGIN,
          y,
          width: inner,
          height: laterHeader,
          size: 11,
          minSize: 7,
          maxLines: 1,
        });
        y = MARGIN + laterHeader;
      }

      const headings: Record<Column, string> = {
        sku: texts.sku,
        product: texts.product,
        quantity: texts.quantity,
      };
      y = drawHeadings(table, headings, y, {
        top: 0.8 * MM,
        height: columnsHeight,
        size: 7.5,
        lineWidth: 0.8,
      });
      for (const row of rows) {
        drawCells(table, Object.entries(row.cells) as [Column, FittedText][], y, row.height);
        y += row.height;
        drawRule(table, y, 0.3);
      }

      const footerTop = pageHeight - MARGIN - footer;
      if (index === pages.length - 1) {
        const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
        drawRule(table, footerTop, 0.8);
        write(texts.total(order.lines.length, units), {
          x: MARGIN,
          y: footerTop + 1 * MM,
          width: inner,
          height: 6 * MM,
          size: 10,
          minSize: 7,
          maxLines: 1,
        });
      }
      if (pages.length > 1)
        write(texts.pageOf(index + 1, pages.length), {
          x: MARGIN,
          y: pageHeight - MARGIN - 5 * MM,
          width: inner,
          height: 5 * MM,
          size: 7.5,
          maxLines: 1,
          align: 'right',
        });
    });
  }
  if (orders.length === 0) doc.addPage({ size: PACKING_LIST_SIZE, margin: 0 });
  doc.end();
  return done;
}
