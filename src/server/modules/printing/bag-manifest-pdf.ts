/**
 * A bag's manifest on A4 (spec 02 §3 "bag number, package count, weight"): the bag
 * number large and as a Code 128, the warehouse, channel, package count and weight, then one
 * row per parcel (tracking number, order number, parcel weight) and 'page x of y' on every page.
 * Pure layout: the caller gathers the bag.
 */
import type { Language } from '@shared/i18n/languages.js';
import { translatorFor } from '../../i18n.js';
import { code128Drawer } from './barcodes.js';
import { MM, openLabelDocument } from './label-document.js';
import { formatCount, formatTime, formatWeight } from './outbound-texts.js';
import {
  columnBoxes,
  drawCells,
  drawHeadings,
  drawRule,
  measurer,
  paginate,
  type TableLayout,
} from './table-pdf.js';
import { writeFitted, type FitBox, type FittedText } from './text-fit.js';

const A4: [number, number] = [210 * MM, 297 * MM];
const MARGIN = 12 * MM;
const ROW_PAD = 1.2 * MM;

export interface BagManifest {
  bagNo: string;
  warehouse: string;
  channel: string;
  weightGrams: number | null;
  closedAt: Date | null;
  timeZone: string;
  parcels: readonly { trackingNo: string; orderNo: string; weightGrams: number | null }[];
}

const COLUMNS = { index: 12, tracking: 70, order: 70, weight: 34 } as const;
type Column = keyof typeof COLUMNS;

/** The bag's manifest as one A4 PDF. */
export async function renderBagManifest(bag: BagManifest, language: Language): Promise<Buffer> {
  const t = translatorFor(language);
  const key = (name: string, params?: Record<string, unknown>) => t(`printing:bag_manifest.${name}`, params);
  const { doc, done } = openLabelDocument(A4, 0, `${key('title')} ${bag.bagNo}`);
  const barcodes = code128Drawer(doc);
  await barcodes.prepare([bag.bagNo]);
  const measure = measurer(doc, language);
  const write = (text: string, box: FitBox) => writeFitted(doc, text, language, box);
  const [pageWidth, pageHeight] = A4;
  const inner = pageWidth - 2 * MARGIN;
  const boxes = columnBoxes(COLUMNS, MARGIN, 1 * MM);
  const rows = bag.parcels.map((parcel, index) => {
    const cell = (column: Column, text: string): FittedText =>
      measure(text, { width: boxes[column].width, height: Infinity, size: 10, minSize: 7, maxLines: 1 });
    const cells: [Column, FittedText][] = [
      ['index', cell('index', formatCount(index + 1, language))],
      ['tracking', cell('tracking', parcel.trackingNo)],
      ['order', cell('order', parcel.orderNo)],
      [
        'weight',
        cell('weight', parcel.weightGrams === null ? '' : formatWeight(parcel.weightGrams, language)),
      ],
    ];
    return { cells, height: Math.max(...cells.map(([, fitted]) => fitted.height)) + 2 * ROW_PAD };
  });
  const firstHeader = 44 * MM;
  const laterHeader = 12 * MM;
  const columnsHeight = 7 * MM;
  const footer = 8 * MM;
  const room = (header: number) => pageHeight - 2 * MARGIN - header - columnsHeight - footer;
  const pages = paginate(rows, room(firstHeader), room(laterHeader));
  const table: TableLayout<Column> = {
    doc,
    language,
    boxes,
    left: MARGIN,
    right: pageWidth - MARGIN,
    numeric: 'weight',
    rowPad: ROW_PAD,
  };
  pages.forEach((page, index) => {
    doc.addPage({ size: A4, margin: 0 });
    let y = MARGIN;
    if (index === 0) {
      const barcodeWidth = 80 * MM;
      write(key('title'), {
        x: MARGIN,
        y,
        width: inner - barcodeWidth,
        height: 10 * MM,
        size: 18,
        minSize: 12,
        maxLines: 1,
      });
      write(bag.bagNo, {
        x: MARGIN,
        y: y + 10 * MM,
        width: inner - barcodeWidth - 4 * MM,
        height: 10 * MM,
        size: 20,
        minSize: 10,
        maxLines: 1,
      });
      barcodes.draw(bag.bagNo, {
        x: pageWidth - MARGIN - barcodeWidth,
        y: MARGIN,
        width: barcodeWidth,
        height: 16 * MM,
        maxModule: 0.45 * MM,
      });
      const facts = [
        `${key('warehouse')}: ${bag.warehouse}`,
        `${key('channel')}: ${bag.channel || '-'}`,
        `${key('package_count')}: ${formatCount(bag.parcels.length, language)}`,
        `${key('weight')}: ${formatWeight(bag.weightGrams, language)}`,
        ...(bag.closedAt ? [`${key('closed')}: ${formatTime(bag.closedAt, bag.timeZone)}`] : []),
      ].join('    ');
      write(facts, {
        x: MARGIN,
        y: MARGIN + 24 * MM,
        width: inner,
        height: 16 * MM,
        size: 11,
        minSize: 7,
        maxLines: 2,
      });
      y = MARGIN + firstHeader;
    } else {
      write(`${key('title')} ${bag.bagNo}`, {
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
      index: '#',
      tracking: key('tracking'),
      order: key('order'),
      weight: key('parcel_weight'),
    };
    y = drawHeadings(table, headings, y, { top: 1.5 * MM, height: columnsHeight, size: 9, lineWidth: 1 });
    for (const row of page) {
      drawCells(table, row.cells, y, row.height);
      y += row.height;
      drawRule(table, y, 0.3);
    }
    write(t('printing:page_of', { page: index + 1, count: pages.length }), {
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
