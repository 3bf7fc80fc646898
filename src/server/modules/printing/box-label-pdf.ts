/**
 * Draws inbound box labels into a PDF, one 100 × 100 mm label per page (the square thermal
 * label cartons take): the box number large, as Code 128 and as QR (the PDA finds a box by
 * scanning it), the order's lines of text, and the box's SKUs with their quantities, cut to
 * what fits with a line saying how many more there are. Pure layout: the caller gathers the text.
 */
import bwipjs from 'bwip-js/node';
import type { Language } from '@shared/i18n/languages.js';
import { isPrintableAscii } from './barcodes.js';
import { MM, openLabelDocument, writeText } from './label-document.js';

export const BOX_LABEL_SIZE: [number, number] = [100 * MM, 100 * MM];
const MARGIN = 4 * MM;

export interface BoxLabelLine {
  text: string;
  quantity: number;
}

export interface BoxLabel {
  /** The box number: what both barcodes encode. */
  code: string;
  /** Lines under the box number: inbound number, 'box i of n', warehouse, seller. */
  heading: string[];
  /** The box's SKUs and quantities, in the order to print. */
  lines: BoxLabelLine[];
  /** Captions in the caller's language. */
  captions: { sku: string; quantity: string; total: string; more: (count: number, units: number) => string };
}

/**
 * The QR's content: ASCII as it is; anything else as its UTF-8 bytes (bwip-js takes one byte
 * per character), which scanners recognise as UTF-8 and read back as the Thai or Chinese text.
 */
function qrText(code: string): string {
  return isPrintableAscii(code) ? code : Buffer.from(code, 'utf8').toString('latin1');
}

/** Box numbers Code 128 cannot carry are printed as QR alone. */
async function barcodeImages(code: string): Promise<{ linear: Buffer | null; qr: Buffer }> {
  const [linear, qr] = await Promise.all([
    isPrintableAscii(code)
      ? bwipjs.toBuffer({ bcid: 'code128', text: code, scale: 3, height: 6 })
      : Promise.resolve(null),
    bwipjs.toBuffer({ bcid: 'qrcode', text: qrText(code), scale: 4 }),
  ]);
  return { linear, qr };
}

function drawLabel(
  doc: PDFKit.PDFDocument,
  label: BoxLabel,
  images: { linear: Buffer | null; qr: Buffer },
  language: Language,
) {
  const [pageWidth, pageHeight] = BOX_LABEL_SIZE;
  const inner = pageWidth - 2 * MARGIN;
  const qrSize = 24 * MM;
  let y = writeText(doc, label.code, language, { x: MARGIN, y: MARGIN, width: inner, size: 20 });
  const textWidth = inner - qrSize - 3 * MM;
  const qrTop = y + 1 * MM;
  y = qrTop;
  label.heading.forEach((line, index) => {
    y = writeText(doc, line, language, { x: MARGIN, y, width: textWidth, size: index < 2 ? 11 : 9 });
  });
  doc.image(images.qr, pageWidth - MARGIN - qrSize, qrTop, { fit: [qrSize, qrSize] });
  y = Math.max(y, qrTop + qrSize) + 2 * MM;
  if (images.linear) {
    const barHeight = 13 * MM;
    doc.image(images.linear, MARGIN, y, { fit: [inner, barHeight], align: 'center', valign: 'center' });
    y += barHeight + 2 * MM;
  }

  doc
    .moveTo(MARGIN, y)
    .lineTo(pageWidth - MARGIN, y)
    .lineWidth(0.8)
    .stroke();
  y += 1 * MM;
  const size = 8;
  const step = size * 1.3;
  const quantityWidth = 18 * MM;
  const skuWidth = inner - quantityWidth - 2 * MM;
  const header = (text: string, x: number, width: number, align: 'left' | 'right') =>
    writeText(doc, text, language, { x, y, width, size, align });
  header(label.captions.sku, MARGIN, skuWidth, 'left');
  y = header(label.captions.quantity, pageWidth - MARGIN - quantityWidth, quantityWidth, 'right');

  const total = label.lines.reduce((sum, line) => sum + line.quantity, 0);
  // Rows that fit above the total line; when some do not, the last row says how many are left.
  const room = Math.max(1, Math.floor((pageHeight - MARGIN - step - y) / step));
  const shown = label.lines.length > room ? label.lines.slice(0, room - 1) : label.lines;
  for (const line of shown) {
    writeText(doc, line.text, language, { x: MARGIN, y, width: skuWidth, size });
    y = writeText(doc, String(line.quantity), language, {
      x: pageWidth - MARGIN - quantityWidth,
      y,
      width: quantityWidth,
      size,
      align: 'right',
    });
  }
  const hidden = label.lines.slice(shown.length);
  if (hidden.length > 0) {
    const units = hidden.reduce((sum, line) => sum + line.quantity, 0);
    y = writeText(doc, label.captions.more(hidden.length, units), language, {
      x: MARGIN,
      y,
      width: inner,
      size,
    });
  }
  writeText(doc, label.captions.total, language, {
    x: MARGIN,
    y: pageHeight - MARGIN - step,
    width: skuWidth,
    size: 9,
  });
  writeText(doc, String(total), language, {
    x: pageWidth - MARGIN - quantityWidth,
    y: pageHeight - MARGIN - step,
    width: quantityWidth,
    size: 9,
    align: 'right',
  });
}

/** The box labels as one PDF, each on its own page. */
export async function renderBoxLabels(
  labels: BoxLabel[],
  language: Language,
  title: string,
): Promise<Buffer> {
  const { doc, done } = openLabelDocument(BOX_LABEL_SIZE, MARGIN, title);
  for (const label of labels) {
    doc.addPage({ size: BOX_LABEL_SIZE, margin: MARGIN });
    drawLabel(doc, label, await barcodeImages(label.code), language);
  }
  if (labels.length === 0) doc.addPage();
  doc.end();
  return done;
}
