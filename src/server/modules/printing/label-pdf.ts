/**
 * Draws labels into a PDF, one label per page (the size thermal label printers take): the
 * human-readable lines in the caller's language, a Code 128 barcode and a QR code of the same
 * code. Pure layout: the caller gathers what is printed.
 */
import bwipjs from 'bwip-js/node';
import type { Language } from '@shared/i18n/languages.js';
import { MM, openLabelDocument, writeText } from './label-document.js';

/** 100 × 60 mm, the common thermal label. */
export const LABEL_SIZE: [number, number] = [100 * MM, 60 * MM];
const MARGIN = 4 * MM;

export interface LabelLine {
  text: string;
  size: number;
}

export interface Label {
  /** What the barcodes encode: printable ASCII, as Code 128 takes it. */
  code: string;
  lines: LabelLine[];
}

async function barcodeImages(code: string): Promise<{ linear: Buffer; qr: Buffer }> {
  const [linear, qr] = await Promise.all([
    bwipjs.toBuffer({
      bcid: 'code128',
      text: code,
      scale: 3,
      height: 12,
      includetext: true,
      textxalign: 'center',
    }),
    bwipjs.toBuffer({ bcid: 'qrcode', text: code, scale: 4 }),
  ]);
  return { linear, qr };
}

/** The labels as one PDF, each label on its own page. */
export async function renderLabels(labels: Label[], language: Language, title: string): Promise<Buffer> {
  const { doc, done } = openLabelDocument(LABEL_SIZE, MARGIN, title);
  const images = new Map<string, { linear: Buffer; qr: Buffer }>();
  const [pageWidth, pageHeight] = LABEL_SIZE;
  const qrSize = 26 * MM;
  for (const label of labels) {
    let barcodes = images.get(label.code);
    if (!barcodes) {
      barcodes = await barcodeImages(label.code);
      images.set(label.code, barcodes);
    }
    doc.addPage({ size: LABEL_SIZE, margin: MARGIN });
    let y = MARGIN;
    for (const line of label.lines)
      y = writeText(doc, line.text, language, {
        x: MARGIN,
        y,
        width: pageWidth - 2 * MARGIN,
        size: line.size,
      });
    const top = pageHeight - MARGIN - qrSize;
    doc.image(barcodes.linear, MARGIN, top + 2 * MM, {
      fit: [pageWidth - 3 * MARGIN - qrSize, qrSize - 2 * MM],
      align: 'center',
      valign: 'center',
    });
    doc.image(barcodes.qr, pageWidth - MARGIN - qrSize, top, { fit: [qrSize, qrSize] });
  }
  if (labels.length === 0) doc.addPage();
  doc.end();
  return done;
}
