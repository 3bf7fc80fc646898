/**
 * One batch PDF from many stored ones (marketplace labels kept byte for byte, and our own
 * documents): every page of each input copied as it is, at its own size, in the order given.
 * Pages are never scaled or laid out again: a courier may refuse a label that was.
 */
import { PDFDocument } from 'pdf-lib';

/** An input that could not be read or copied; `index` says which, so the caller can name the order. */
export class UnreadablePdfError extends Error {
  constructor(
    readonly index: number,
    cause: unknown,
  ) {
    super(`PDF ${index} cannot be merged: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'UnreadablePdfError';
  }
}

/** The pages of all the PDFs, in order, in one PDF. Throws UnreadablePdfError for a bad input. */
export async function mergePdfs(pdfs: readonly Uint8Array[]): Promise<Buffer> {
  const merged = await PDFDocument.create();
  for (const [index, pdf] of pdfs.entries()) {
    try {
      // An encrypted PDF is refused: its pages would be copied still encrypted, unreadable.
      const source = await PDFDocument.load(pdf, { updateMetadata: false });
      if (source.getPageCount() === 0) throw new Error('it has no pages');
      const pages = await merged.copyPages(source, source.getPageIndices());
      for (const page of pages) merged.addPage(page);
    } catch (error) {
      throw new UnreadablePdfError(index, error);
    }
  }
  return Buffer.from(await merged.save());
}
