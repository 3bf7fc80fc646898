import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfPageSizesMm, pdfPageTexts } from '../../../../tests/support/pdf-reading.js';
import { MM } from './label-document.js';
import { mergePdfs, UnreadablePdfError } from './merge-pdf.js';

/** A stored label stand-in: one page per text, of the given size in mm. */
function storedPdf(size: [number, number], texts: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: [size[0] * MM, size[1] * MM], autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const text of texts) doc.addPage({ size: [size[0] * MM, size[1] * MM], margin: 10 }).text(text);
  doc.end();
  return done;
}

describe('mergePdfs', () => {
  it('keeps every page at its own size, in the order given', async () => {
    const merged = await mergePdfs([
      await storedPdf([105, 148], ['Shopee A6']),
      await storedPdf([100, 100], ['Yun 1', 'Yun 2']),
      await storedPdf([100, 150], ['Ours']),
    ]);
    expect(await pdfPageSizesMm(merged)).toEqual([
      [105, 148],
      [100, 100],
      [100, 100],
      [100, 150],
    ]);
    const texts = await pdfPageTexts(merged);
    expect(texts.map((text) => text.trim())).toEqual(['Shopee A6', 'Yun 1', 'Yun 2', 'Ours']);
  });

  it('names the index of an input that is not a readable PDF', async () => {
    const good = await storedPdf([105, 148], ['ok']);
    const corrupt = Buffer.from('%PDF-1.7\nthis is not a pdf');
    const failure = await mergePdfs([good, good, corrupt, good]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnreadablePdfError);
    expect(failure).toMatchObject({ index: 2, message: expect.stringContaining('PDF 2') });
  });

  it('names the index of a truncated PDF', async () => {
    const good = await storedPdf([105, 148], ['ok']);
    const failure = await mergePdfs([good, good.subarray(0, 200)]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ index: 1 });
  });
});
