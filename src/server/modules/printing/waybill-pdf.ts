/**
 * Our own waybill labels, one 100 × 150 mm page per parcel (the thermal sticker couriers
 * take): carrier, a large Code 128 of the tracking number, sort code, recipient and sender in
 * any mix of Chinese, Thai and Latin scripts, order number with its own small Code 128,
 * weight, COD, piece count and print date. No product lines: what is inside a parcel never
 * goes on its waybill. Marketplace labels are never drawn here: they are stored and merged as
 * they came. Pure layout: the caller gathers what is printed.
 */
import type { Language } from '@shared/i18n/languages.js';
import { code128Drawer } from './barcodes.js';
import { MM, openLabelDocument } from './label-document.js';
import { formatAmount, formatTime, formatWeight, waybillTexts, type WaybillTexts } from './outbound-texts.js';
import { writeFitted, type FitBox } from './text-fit.js';

/** 100 × 150 mm, the courier label size. */
export const WAYBILL_SIZE: [number, number] = [100 * MM, 150 * MM];
const MARGIN = 3 * MM;
const PAD = 1.5 * MM;

export interface WaybillParty {
  name: string;
  phone: string;
  /** The whole address, in the order the country writes it; newlines are kept. */
  address: string;
}

export interface Waybill {
  /** The carrier or shipping channel as people know it, and its code. */
  carrier: { name: string; code: string };
  /** What the large barcode encodes: printable ASCII, as Code 128 takes it. */
  trackingNo: string;
  /** The carrier's sort or route code, printed large when given. */
  sortCode?: string | null;
  sender: WaybillParty;
  recipient: WaybillParty;
  orderNo: string;
  /** Null or 0 when not known (not weighed, SKUs without a weight): printed as a dash. */
  weightGrams?: number | null;
  /** Cash to collect on delivery, in minor units of its currency. */
  cod?: { amount: number; currency: string } | null;
  /** This parcel's place among the order's parcels; 1/1 when not given. */
  piece?: { index: number; count: number };
}

export interface WaybillOptions {
  /** When the labels are printed; now when not given. */
  printedAt?: Date;
  /** The warehouse's time zone, for the print date. */
  timeZone?: string;
  texts?: WaybillTexts;
}

/** Horizontal rules between the label's bands, in mm from the top. */
const BANDS = { header: 19, tracking: 47, recipient: 90, sender: 113, order: 133 } as const;

type Fit = (text: string, box: FitBox) => number;

/**
 * Rules between the bands and dividers inside them; no frame down the sides, whose line in the
 * barcode's rows makes some decoders (ZXing) miss the start of the code.
 */
function drawFrame(doc: PDFKit.PDFDocument, hasSortCode: boolean) {
  const [width, height] = WAYBILL_SIZE;
  const right = width - MARGIN;
  doc.lineWidth(0.8);
  for (const band of Object.values(BANDS)) doc.moveTo(MARGIN, band * MM).lineTo(right, band * MM);
  if (hasSortCode) doc.moveTo(right - 32 * MM, MARGIN).lineTo(right - 32 * MM, BANDS.header * MM);
  doc.moveTo(62 * MM, BANDS.sender * MM).lineTo(62 * MM, BANDS.order * MM);
  doc.moveTo(34 * MM, BANDS.order * MM).lineTo(34 * MM, height - MARGIN);
  doc.moveTo(52 * MM, BANDS.order * MM).lineTo(52 * MM, height - MARGIN);
  doc.stroke();
}

/** A small caption over a value, then the value fitted into what is left of the cell. */
function captioned(fit: Fit, caption: string, value: string, cell: Omit<FitBox, 'size'>, size: number) {
  const top = fit(caption, { ...cell, height: 7, size: 6.5, maxLines: 1 });
  fit(value, { ...cell, y: top, height: cell.y + cell.height - top, size });
}

function drawWaybill(
  doc: PDFKit.PDFDocument,
  waybill: Waybill,
  barcodes: ReturnType<typeof code128Drawer>,
  fit: Fit,
  texts: WaybillTexts,
  footer: { printed: string; language: Language },
) {
  const [pageWidth, pageHeight] = WAYBILL_SIZE;
  const left = MARGIN + PAD;
  const inner = pageWidth - 2 * (MARGIN + PAD);
  const hasSortCode = Boolean(waybill.sortCode);
  drawFrame(doc, hasSortCode);

  const headerWidth = hasSortCode ? inner - 32 * MM : inner;
  const carrierBottom = fit(waybill.carrier.name, {
    x: left,
    y: MARGIN + PAD,
    width: headerWidth,
    height: 9 * MM,
    size: 16,
    minSize: 9,
    maxLines: 1,
  });
  fit(waybill.carrier.code, {
    x: left,
    y: carrierBottom,
    width: headerWidth,
    height: BANDS.header * MM - PAD - carrierBottom,
    size: 9,
    minSize: 6,
    maxLines: 1,
  });
  if (waybill.sortCode) {
    const x = pageWidth - MARGIN - 32 * MM + PAD;
    const width = 32 * MM - 2 * PAD;
    const top = fit(texts.route, { x, y: MARGIN + 0.5 * MM, width, height: 7, size: 6, maxLines: 1 });
    fit(waybill.sortCode, {
      x,
      y: top,
      width,
      height: BANDS.header * MM - top,
      size: 24,
      minSize: 9,
      maxLines: 1,
      align: 'center',
    });
  }

  const barTop = (BANDS.header + 2) * MM;
  barcodes.draw(waybill.trackingNo, {
    x: left,
    y: barTop,
    width: inner,
    height: 18 * MM,
    maxModule: 0.5 * MM,
  });
  fit(waybill.trackingNo, {
    x: left,
    y: barTop + 18.5 * MM,
    width: inner,
    height: (BANDS.tracking - BANDS.header - 20.5) * MM,
    size: 14,
    minSize: 8,
    maxLines: 1,
    align: 'center',
  });

  const party = (
    caption: string,
    person: WaybillParty,
    band: { top: number; bottom: number },
    sizes: { name: number; address: number; floor: number },
  ) => {
    let y = fit(caption, {
      x: left,
      y: band.top * MM + 0.8 * MM,
      width: inner,
      height: 8,
      size: 6.5,
      maxLines: 1,
    });
    const bottom = band.bottom * MM - PAD;
    y = fit(`${person.name}  ${person.phone}`, {
      x: left,
      y,
      width: inner,
      height: (bottom - y) / 2,
      size: sizes.name,
      minSize: sizes.floor,
      maxLines: 2,
    });
    fit(person.address, {
      x: left,
      y,
      width: inner,
      height: bottom - y,
      size: sizes.address,
      minSize: sizes.floor,
    });
  };
  party(
    texts.recipient,
    waybill.recipient,
    { top: BANDS.tracking, bottom: BANDS.recipient },
    { name: 12, address: 11, floor: 6.5 },
  );
  party(
    texts.sender,
    waybill.sender,
    { top: BANDS.recipient, bottom: BANDS.sender },
    { name: 8.5, address: 8, floor: 5.5 },
  );

  const orderTop = BANDS.sender * MM + 0.8 * MM;
  const orderWidth = 62 * MM - MARGIN - 2 * PAD;
  let y = fit(texts.order, { x: left, y: orderTop, width: orderWidth, height: 8, size: 6.5, maxLines: 1 });
  y = fit(waybill.orderNo, { x: left, y, width: orderWidth, height: 12, size: 9.5, minSize: 6, maxLines: 1 });
  barcodes.draw(waybill.orderNo, {
    x: left,
    y: y + 0.5 * MM,
    width: orderWidth,
    height: BANDS.order * MM - PAD - y - 0.5 * MM,
    maxModule: 0.35 * MM,
  });
  if (waybill.cod) {
    const x = 62 * MM + PAD;
    captioned(
      fit,
      texts.cod,
      formatAmount(waybill.cod.amount, waybill.cod.currency, footer.language),
      {
        x,
        y: orderTop,
        width: pageWidth - MARGIN - PAD - x,
        height: BANDS.order * MM - PAD - orderTop,
        minSize: 7,
      },
      14,
    );
  }

  const cellTop = BANDS.order * MM + 0.8 * MM;
  const cellHeight = pageHeight - MARGIN - PAD - cellTop;
  const cell = (from: number, to: number) => ({
    x: from + PAD,
    y: cellTop,
    width: to - from - 2 * PAD,
    height: cellHeight,
    minSize: 6,
  });
  const weight = formatWeight(waybill.weightGrams, footer.language);
  captioned(fit, texts.weight, weight, cell(MARGIN, 34 * MM), 10);
  const piece = waybill.piece ?? { index: 1, count: 1 };
  captioned(fit, texts.pieces, `${piece.index}/${piece.count}`, cell(34 * MM, 52 * MM), 12);
  captioned(fit, texts.printed, footer.printed, cell(52 * MM, pageWidth - MARGIN), 8);
}

/** The waybills as one PDF, one page per parcel, in the order given (the packing order). */
export async function renderWaybills(
  waybills: readonly Waybill[],
  language: Language,
  options: WaybillOptions = {},
): Promise<Buffer> {
  const texts = options.texts ?? waybillTexts(language);
  const { doc, done } = openLabelDocument(WAYBILL_SIZE, 0, texts.title);
  const barcodes = code128Drawer(doc);
  await barcodes.prepare(waybills.flatMap((waybill) => [waybill.trackingNo, waybill.orderNo]));
  const fit: Fit = (text, box) => writeFitted(doc, text, language, box);
  const printed = formatTime(options.printedAt ?? new Date(), options.timeZone ?? 'UTC');
  for (const waybill of waybills) {
    doc.addPage({ size: WAYBILL_SIZE, margin: 0 });
    drawWaybill(doc, waybill, barcodes, fit, texts, { printed, language });
  }
  if (waybills.length === 0) doc.addPage({ size: WAYBILL_SIZE, margin: 0 });
  doc.end();
  return done;
}
