/**
 * Reading the PDFs the server prints, as a person's printer would: the text of each page
 * (pdfjs-dist), and the barcodes on a page rendered to PNG by poppler's pdftoppm and decoded
 * with ZXing. Without pdftoppm on the machine, rendering reports that it cannot run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  NotFoundException,
  RGBLuminanceSource,
} from '@zxing/library';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PNG } from 'pngjs';

/** The text of each page, runs joined without separators and then with spaces collapsed. */
export async function pdfPageTexts(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('');
    pages.push(text.replace(/[ \t]+/g, ' '));
  }
  await document.destroy();
  return pages;
}

/** Each page's size in millimetres, rounded to a tenth. */
export async function pdfPageSizesMm(pdf: Uint8Array): Promise<[number, number][]> {
  const document = await PDFDocument.load(pdf);
  const mm = (points: number) => Math.round((points / 72) * 254) / 10;
  return document.getPages().map((page) => {
    const { width, height } = page.getSize();
    return [mm(width), mm(height)];
  });
}

/** How many image XObjects each page's resources hold (a barcode is drawn as one). */
export async function pdfPageImageCounts(pdf: Uint8Array): Promise<number[]> {
  const document = await PDFDocument.load(pdf);
  return document.getPages().map((page) => {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!xObjects) return 0;
    return xObjects.keys().filter((name) => {
      const object = xObjects.lookup(name);
      return object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
    }).length;
  });
}

export const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;

/** Renders one page to a PNG file (kept in `dir`) and returns its path. */
export function renderPage(pdf: Buffer, page: number, dir: string, dpi = 200): string {
  const input = join(dir, 'input.pdf');
  writeFileSync(input, pdf);
  const prefix = join(dir, `page-${page}`);
  execFileSync('pdftoppm', [
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-png',
    '-singlefile',
    input,
    prefix,
  ]);
  return `${prefix}.png`;
}

function decodeAs(png: PNG, format: BarcodeFormat): string | null {
  const luminance = new Uint8ClampedArray(png.width * png.height);
  for (let index = 0; index < luminance.length; index += 1) {
    const offset = index * 4;
    luminance[index] = Math.round(
      0.299 * (png.data[offset] ?? 255) +
        0.587 * (png.data[offset + 1] ?? 255) +
        0.114 * (png.data[offset + 2] ?? 255),
    );
  }
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [format]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  try {
    const bitmap = new BinaryBitmap(
      new HybridBinarizer(new RGBLuminanceSource(luminance, png.width, png.height)),
    );
    return reader.decode(bitmap, hints).getText();
  } catch (error) {
    if (error instanceof NotFoundException) return null;
    throw error;
  }
}

/** The Code 128 and QR contents found on a rendered page (null where none was found). */
export function decodePage(pngPath: string): { code128: string | null; qr: string | null } {
  const png = PNG.sync.read(readFileSync(pngPath));
  return { code128: decodeAs(png, BarcodeFormat.CODE_128), qr: decodeAs(png, BarcodeFormat.QR_CODE) };
}

/**
 * Decodes the barcodes on page `page`, rendered in `dir`; null when pdftoppm is not installed.
 * With KEEP_LABEL_PNG set, the rendered page is kept there as `<keepAs>.png` to look at.
 */
export function barcodesOn(pdf: Buffer, page: number, dir: string, keepAs?: string) {
  if (!hasPdftoppm) {
    console.warn('pdftoppm (poppler-utils) is not installed: the label barcodes are not decoded');
    return null;
  }
  const png = renderPage(pdf, page, dir);
  if (keepAs && process.env.KEEP_LABEL_PNG) {
    mkdirSync(process.env.KEEP_LABEL_PNG, { recursive: true });
    copyFileSync(png, `${process.env.KEEP_LABEL_PNG}/${keepAs}.png`);
  }
  return decodePage(png);
}

/** A scratch directory for rendered pages; removed by the returned function. */
export function scratchDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'labels-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
