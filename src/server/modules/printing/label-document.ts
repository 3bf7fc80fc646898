/**
 * What every label PDF starts from: a pdfkit document of one label size with the print fonts
 * registered, collected into one buffer, and a line of text set in runs of the fonts that have
 * its glyphs (pdfkit has no font fallback). Pure layout.
 */
import PDFDocument from 'pdfkit';
import type { Language } from '@shared/i18n/languages.js';
import { FONT_NAMES, printFonts, textRuns } from './fonts.js';

/** Points per millimetre. */
export const MM = 72 / 25.4;

/**
 * A document without pages, for labels of `size`, and the whole PDF once the caller ends it.
 * Each label adds its own page.
 */
export function openLabelDocument(
  size: [number, number],
  margin: number,
  title: string,
): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size, margin, autoFirstPage: false, info: { Title: title } });
  const fonts = printFonts();
  for (const name of FONT_NAMES) doc.registerFont(name, fonts[name].data);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export interface TextBox {
  x: number;
  y: number;
  width: number;
  size: number;
  align?: 'left' | 'right';
}

/** One line of text, cut with an ellipsis past the box's width; answers the y below it. */
export function writeText(doc: PDFKit.PDFDocument, text: string, language: Language, box: TextBox): number {
  const runs = textRuns(text, language);
  const height = box.size * 1.3;
  runs.forEach((run, index) => {
    doc.font(run.font).fontSize(box.size);
    const options = {
      continued: index < runs.length - 1,
      width: box.width,
      height,
      lineBreak: false,
      ellipsis: true,
      align: box.align ?? 'left',
    };
    if (index === 0) doc.text(run.text, box.x, box.y, options);
    else doc.text(run.text, options);
  });
  return box.y + height;
}
