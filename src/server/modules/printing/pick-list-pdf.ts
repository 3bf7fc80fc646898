/**
 * The pick list of a wave on A4 (printed apart from waybills and packing lists): a header with
 * the wave's Code 128, then one row per location and SKU in walking order, each saying which
 * orders take it, and 'page x of y' on every page. Pure layout: the caller gathers the lines.
 */
import type { Language } from '@shared/i18n/languages.js';
import { code128Drawer } from './barcodes.js';
import { MM, openLabelDocument } from './label-document.js';
import { formatCount, formatTime, pickListTexts, type PickListTexts } from './outbound-texts.js';
import {
  columnBoxes,
  drawGroupedRow,
  drawHeadings,
  measurer,
  paginate,
  type Measure,
  type TableLayout,
} from './table-pdf.js';
import { drawFitted, writeFitted, type FitBox, type FittedText } from './text-fit.js';

export const A4: [number, number] = [210 * MM, 297 * MM];
const MARGIN = 12 * MM;
const ROW_PAD = 1.2 * MM;

/** One order's need of one SKU at one location. */
export interface PickLine {
  orderNo: string;
  partitionCode: string | null;
  locationCode: string;
  /** The location's place in the walk, when the warehouse sets one. */
  pickSequence?: number | null;
  skuCode: string;
  productName: string;
  variation?: string | null;
  quantity: number;
}

export interface PickWave {
  waveNo: string;
  /** The warehouse as people name it: code and name. */
  warehouse: string;
  createdAt: Date;
  /** The warehouse's time zone, for the times printed. */
  timeZone: string;
  lines: readonly PickLine[];
}

/** What the picker takes from one location: one SKU, for one or more orders. */
export interface PickRow {
  partitionCode: string | null;
  locationCode: string;
  pickSequence: number | null;
  skuCode: string;
  productName: string;
  variation: string | null;
  quantity: number;
  /** The orders that take it, in the order they were given, with their quantities. */
  orders: { orderNo: string; quantity: number }[];
}

/** Location codes as a person reads them: A-2 before A-10. */
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareRows(a: PickRow, b: PickRow): number {
  if (a.pickSequence !== b.pickSequence) {
    if (a.pickSequence === null) return 1;
    if (b.pickSequence === null) return -1;
    return a.pickSequence - b.pickSequence;
  }
  if (a.partitionCode !== b.partitionCode) {
    if (a.partitionCode === null) return 1;
    if (b.partitionCode === null) return -1;
    return natural.compare(a.partitionCode, b.partitionCode);
  }
  return natural.compare(a.locationCode, b.locationCode) || natural.compare(a.skuCode, b.skuCode);
}

/**
 * The wave's lines as rows in walking order: one row per location and SKU, quantities of the
 * orders summed. Locations the warehouse gave a pick sequence come first, in that sequence; the
 * rest by partition, then location code in natural order (A-2 before A-10).
 */
export function walkingOrder(lines: readonly PickLine[]): PickRow[] {
  const rows = new Map<string, PickRow>();
  for (const line of lines) {
    const key = JSON.stringify([line.partitionCode, line.locationCode, line.skuCode]);
    let row = rows.get(key);
    if (!row) {
      row = {
        partitionCode: line.partitionCode,
        locationCode: line.locationCode,
        pickSequence: line.pickSequence ?? null,
        skuCode: line.skuCode,
        productName: line.productName,
        variation: line.variation ?? null,
        quantity: 0,
        orders: [],
      };
      rows.set(key, row);
    }
    row.quantity += line.quantity;
    const order = row.orders.find((taken) => taken.orderNo === line.orderNo);
    if (order) order.quantity += line.quantity;
    else row.orders.push({ orderNo: line.orderNo, quantity: line.quantity });
  }
  return [...rows.values()].sort(compareRows);
}

const COLUMNS = { location: 28, sku: 36, product: 62, quantity: 14, orders: 46 } as const;
type Column = keyof typeof COLUMNS;
const SIZES: Record<Column, number> = { location: 10, sku: 9, product: 9, quantity: 11, orders: 8 };
const ORDER_LINES = 4;
const COLUMN_INSET = 1 * MM;

/** The orders a row is for, as many as fit in its lines, then how many more there are. */
function ordersCell(row: PickRow, texts: PickListTexts, measure: Measure, width: number): FittedText {
  const written = (count: number) => {
    const listed = row.orders
      .slice(0, count)
      .map((order) => (order.quantity > 1 ? `${order.orderNo} ×${order.quantity}` : order.orderNo))
      .join(', ');
    const more = row.orders.length - count;
    return more > 0 ? `${listed} ${texts.moreOrders(more)}` : listed;
  };
  const box = { width, height: Infinity, size: SIZES.orders, maxLines: ORDER_LINES };
  const all = measure(written(row.orders.length), box);
  if (!all.isCut) return all;
  let fits = 0;
  let tooMany = row.orders.length;
  while (tooMany - fits > 1) {
    const middle = Math.floor((fits + tooMany) / 2);
    if (measure(written(middle), box).isCut) tooMany = middle;
    else fits = middle;
  }
  return measure(written(fits), box);
}

interface MeasuredRow {
  partition: string | null;
  /** A heading row opening a partition, instead of a line. */
  heading?: FittedText;
  cells?: Record<Column, FittedText>;
  /** The row's location is the one above it: its code is printed only atop a page. */
  isSameLocation?: boolean;
  height: number;
}

function measureRows(
  rows: PickRow[],
  texts: PickListTexts,
  measure: Measure,
  formatNumber: (value: number) => string,
): MeasuredRow[] {
  const boxes = columnBoxes(COLUMNS, MARGIN, COLUMN_INSET);
  const measured: MeasuredRow[] = [];
  let partition: string | null | undefined;
  let location: string | undefined;
  for (const row of rows) {
    if (row.partitionCode !== partition) {
      partition = row.partitionCode;
      location = undefined;
      const title = partition === null ? texts.noPartition : texts.partition(partition);
      const heading = measure(title, { width: A4[0] - 2 * MARGIN, height: Infinity, size: 10, maxLines: 1 });
      measured.push({ partition, heading, height: heading.height + 2 * ROW_PAD });
    }
    const cell = (column: Column, text: string, maxLines: number) =>
      measure(text, {
        width: boxes[column].width,
        height: Infinity,
        size: SIZES[column],
        minSize: 7,
        maxLines,
      });
    const product = row.variation ? `${row.productName}\n${row.variation}` : row.productName;
    const cells: Record<Column, FittedText> = {
      location: cell('location', row.locationCode, 2),
      sku: cell('sku', row.skuCode, 2),
      product: cell('product', product, 3),
      quantity: cell('quantity', formatNumber(row.quantity), 1),
      orders: ordersCell(row, texts, measure, boxes.orders.width),
    };
    const isSameLocation = row.locationCode === location;
    location = row.locationCode;
    const height = Math.max(...Object.values(cells).map((fitted) => fitted.height));
    measured.push({ partition, cells, isSameLocation, height: height + 2 * ROW_PAD });
  }
  return measured;
}

/** The wave's pick list as one A4 PDF. */
export async function renderPickList(
  wave: PickWave,
  language: Language,
  options: { texts?: PickListTexts } = {},
): Promise<Buffer> {
  const texts = options.texts ?? pickListTexts(language);
  const { doc, done } = openLabelDocument(A4, 0, `${texts.title} ${wave.waveNo}`);
  const barcodes = code128Drawer(doc);
  await barcodes.prepare([wave.waveNo]);
  const measure = measurer(doc, language);
  const write = (text: string, box: FitBox) => writeFitted(doc, text, language, box);
  const number = (value: number) => formatCount(value, language);

  const rows = walkingOrder(wave.lines);
  const orderCount = new Set(wave.lines.map((line) => line.orderNo)).size;
  const unitCount = wave.lines.reduce((sum, line) => sum + line.quantity, 0);
  const measured = measureRows(rows, texts, measure, number);

  const [pageWidth, pageHeight] = A4;
  const inner = pageWidth - 2 * MARGIN;
  const firstHeader = 36 * MM;
  const laterHeader = 12 * MM;
  const columnsHeight = 7 * MM;
  const footer = 8 * MM;
  const room = (header: number) => pageHeight - 2 * MARGIN - header - columnsHeight - footer;
  // A partition's heading never ends a page alone.
  const pages = paginate(measured, room(firstHeader), room(laterHeader), (row) => row.heading !== undefined);
  const table: TableLayout<Column> = {
    doc,
    language,
    boxes: columnBoxes(COLUMNS, MARGIN, COLUMN_INSET),
    left: MARGIN,
    right: pageWidth - MARGIN,
    numeric: 'quantity',
    rowPad: ROW_PAD,
  };

  pages.forEach((page, index) => {
    doc.addPage({ size: A4, margin: 0 });
    let y = MARGIN;
    if (index === 0) {
      const barcodeWidth = 70 * MM;
      const textWidth = inner - barcodeWidth - 4 * MM;
      y = write(texts.title, {
        x: MARGIN,
        y,
        width: textWidth,
        height: 10 * MM,
        size: 18,
        minSize: 12,
        maxLines: 1,
      });
      y = write(`${texts.wave} ${wave.waveNo}`, {
        x: MARGIN,
        y,
        width: textWidth,
        height: 8 * MM,
        size: 13,
        minSize: 9,
        maxLines: 1,
      });
      barcodes.draw(wave.waveNo, {
        x: pageWidth - MARGIN - barcodeWidth,
        y: MARGIN,
        width: barcodeWidth,
        height: 14 * MM,
        maxModule: 0.4 * MM,
      });
      write(wave.waveNo, {
        x: pageWidth - MARGIN - barcodeWidth,
        y: MARGIN + 14.5 * MM,
        width: barcodeWidth,
        height: 6 * MM,
        size: 9,
        minSize: 6,
        maxLines: 1,
        align: 'center',
      });
      const facts = [
        `${texts.warehouse}: ${wave.warehouse}`,
        `${texts.created}: ${formatTime(wave.createdAt, wave.timeZone)}`,
        `${texts.orders}: ${number(orderCount)}`,
        `${texts.units}: ${number(unitCount)}`,
      ].join('    ');
      write(facts, {
        x: MARGIN,
        y: MARGIN + 22 * MM,
        width: inner,
        height: 12 * MM,
        size: 10,
        minSize: 7,
        maxLines: 2,
      });
      y = MARGIN + firstHeader;
    } else {
      write(`${texts.title}  ${texts.wave} ${wave.waveNo}`, {
        x: MARGIN,
        y,
        width: inner,
        height: laterHeader,
        size: 12,
        minSize: 8,
        maxLines: 1,
      });
      y = MARGIN + laterHeader;
    }

    const headings: Record<Column, string> = {
      location: texts.location,
      sku: texts.sku,
      product: texts.product,
      quantity: texts.quantity,
      orders: texts.takenBy,
    };
    y = drawHeadings(table, headings, y, { top: 1.5 * MM, height: columnsHeight, size: 8.5, lineWidth: 1 });

    page.forEach((row, rowIndex) => {
      if (row.heading) {
        doc.rect(MARGIN, y, inner, row.height).fill('#e6e6e6').fillColor('black');
        drawFitted(doc, row.heading, {
          x: MARGIN + 1 * MM,
          y: y + ROW_PAD,
          width: inner - 2 * MM,
          height: row.height,
          size: 10,
        });
      } else if (row.cells) {
        drawGroupedRow(table, { ...row, cells: row.cells }, y, rowIndex === 0);
      }
      y += row.height;
    });

    write(texts.pageOf(index + 1, pages.length), {
      x: MARGIN,
      y: pageHeight - MARGIN - footer + 2 * MM,
      width: inner,
      height: footer,
      size: 9,
      maxLines: 1,
      align: 'right',
    });
  });
  doc.end();
  return done;
}
