/**
 * Count sheets on A4, one or more pages per check order: a header with the order's Code 128 (the
 * PDA opens the order by scanning it), then one row per location and SKU expected there, with a
 * blank column for the counted quantity and a blank row per location for items found that the
 * sheet does not name. Blind: no book quantity is printed. Pure layout: the caller gathers the
 * rows.
 */
import type { Language } from '@shared/i18n/languages.js';
import { translatorFor } from '../../i18n.js';
import { code128Drawer } from './barcodes.js';
import { MM, openLabelDocument } from './label-document.js';
import { formatTime } from './outbound-texts.js';
import {
  columnBoxes,
  drawGroupedRow,
  drawHeadings,
  measurer,
  paginate,
  type TableLayout,
} from './table-pdf.js';
import { type FitBox, type FittedText, writeFitted } from './text-fit.js';

const A4: [number, number] = [210 * MM, 297 * MM];
const MARGIN = 12 * MM;
const ROW_PAD = 1.5 * MM;

export interface CountSheet {
  countNo: string;
  /** The warehouse as people name it: code and name. */
  warehouse: string;
  /** The check order's type, already in the reader's words. */
  type: string;
  createdAt: Date;
  timeZone: string;
  locations: { code: string; skus: { skuCode: string; productName: string }[] }[];
}

interface CountSheetTexts {
  title: string;
  warehouse: string;
  type: string;
  created: string;
  location: string;
  sku: string;
  product: string;
  counted: string;
  other: string;
  counter: string;
  pageOf: (page: number, count: number) => string;
}

function textsOf(language: Language): CountSheetTexts {
  const t = translatorFor(language);
  const key = (name: string) => t(`printing:count_sheet.${name}`);
  return {
    title: key('title'),
    warehouse: key('warehouse'),
    type: key('type'),
    created: key('created'),
    location: key('location'),
    sku: key('sku'),
    product: key('product'),
    counted: key('counted'),
    other: key('other'),
    counter: key('counter'),
    pageOf: (page, count) => t('printing:page_of', { page, count }),
  };
}

const COLUMNS = { location: 30, sku: 40, product: 86, counted: 30 } as const;
type Column = keyof typeof COLUMNS;

interface Row {
  cells: Record<Column, FittedText>;
  isSameLocation: boolean;
  height: number;
}

/** The sheets of the chosen check orders as one A4 PDF. */
export async function renderCountSheets(sheets: readonly CountSheet[], language: Language): Promise<Buffer> {
  const texts = textsOf(language);
  const { doc, done } = openLabelDocument(A4, 0, texts.title);
  const barcodes = code128Drawer(doc);
  await barcodes.prepare(sheets.map((sheet) => sheet.countNo));
  const measure = measurer(doc, language);
  const write = (text: string, box: FitBox) => writeFitted(doc, text, language, box);
  const boxes = columnBoxes(COLUMNS, MARGIN, 1 * MM);
  const [pageWidth, pageHeight] = A4;
  const inner = pageWidth - 2 * MARGIN;
  const header = 34 * MM;
  const columnsHeight = 7 * MM;
  const footer = 8 * MM;
  const room = pageHeight - 2 * MARGIN - header - columnsHeight - footer;
  const table: TableLayout<Column> = {
    doc,
    language,
    boxes,
    left: MARGIN,
    right: pageWidth - MARGIN,
    numeric: 'counted',
    rowPad: ROW_PAD,
  };
  const cell = (column: Column, text: string) =>
    measure(text, { width: boxes[column].width, height: Infinity, size: 10, minSize: 7, maxLines: 3 });

  for (const sheet of sheets) {
    const rows: Row[] = sheet.locations.flatMap((location) =>
      [...location.skus, { skuCode: '', productName: texts.other }].map((sku, index) => {
        const cells = {
          location: cell('location', location.code),
          sku: cell('sku', sku.skuCode),
          product: cell('product', sku.productName),
          counted: cell('counted', ''),
        };
        const height = Math.max(8 * MM, ...Object.values(cells).map((fitted) => fitted.height + 2 * ROW_PAD));
        return { cells, isSameLocation: index > 0, height };
      }),
    );
    const pages = paginate(rows, room, room);
    pages.forEach((page, index) => {
      doc.addPage({ size: A4, margin: 0 });
      const barcodeWidth = 70 * MM;
      write(`${texts.title} ${sheet.countNo}`, {
        x: MARGIN,
        y: MARGIN,
        width: inner - barcodeWidth - 4 * MM,
        height: 10 * MM,
        size: 16,
        minSize: 10,
        maxLines: 1,
      });
      barcodes.draw(sheet.countNo, {
        x: pageWidth - MARGIN - barcodeWidth,
        y: MARGIN,
        width: barcodeWidth,
        height: 14 * MM,
        maxModule: 0.4 * MM,
      });
      const facts = [
        `${texts.warehouse}: ${sheet.warehouse}`,
        `${texts.type}: ${sheet.type}`,
        `${texts.created}: ${formatTime(sheet.createdAt, sheet.timeZone)}`,
      ].join('    ');
      write(facts, {
        x: MARGIN,
        y: MARGIN + 16 * MM,
        width: inner,
        height: 8 * MM,
        size: 10,
        minSize: 7,
        maxLines: 2,
      });
      write(`${texts.counter}: ____________________`, {
        x: MARGIN,
        y: MARGIN + 25 * MM,
        width: inner,
        height: 7 * MM,
        size: 10,
        maxLines: 1,
      });
      const headings: Record<Column, string> = {
        location: texts.location,
        sku: texts.sku,
        product: texts.product,
        counted: texts.counted,
      };
      let y = drawHeadings(table, headings, MARGIN + header, {
        top: 1.5 * MM,
        height: columnsHeight,
        size: 9,
        lineWidth: 1,
      });
      page.forEach((row, rowIndex) => {
        drawGroupedRow(table, row, y, rowIndex === 0);
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
  }
  doc.end();
  return done;
}
