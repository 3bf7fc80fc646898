/**
 * Code 128 images for the outbound documents. A barcode is drawn by bwip-js once per text and
 * kept (a bounded cache: reprints and a wave's repeated codes cost nothing). pdfkit embeds an
 * image given as a string once per document and re-embeds one given as a Buffer on every call,
 * so images are handed over as data URLs. The image is a few pixels tall and stretched, which
 * bars (all vertical) allow.
 */
import bwipjs from 'bwip-js/node';
import { MM } from './label-document.js';

/** Code 128 takes printable ASCII only; other codes are printed as text alone. */
export const isPrintableAscii = (code: string) => /^[\x20-\x7e]+$/.test(code);

/** Pixels per bar module in the image: enough for viewers that smooth scaled images. */
const PIXELS_PER_MODULE = 3;
const CACHE_SIZE = 2_000;
const QUIET_ZONE_MODULES = 10;

interface Code128Image {
  dataUrl: string;
  /** Bar modules across, quiet zones excluded. */
  modules: number;
}

const cache = new Map<string, Code128Image>();

/** The Code 128 image of `text`, from the cache when drawn before (most recently used kept). */
async function code128Image(text: string): Promise<Code128Image> {
  const cached = cache.get(text);
  if (cached) {
    cache.delete(text);
    cache.set(text, cached);
    return cached;
  }
  const png = await bwipjs.toBuffer({ bcid: 'code128', text, scale: PIXELS_PER_MODULE, height: 2 });
  // PNG header: the width is the big-endian word at byte 16.
  const image = {
    dataUrl: `data:image/png;base64,${png.toString('base64')}`,
    modules: png.readUInt32BE(16) / PIXELS_PER_MODULE,
  };
  cache.set(text, image);
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return image;
}

export interface BarcodeBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Widest a bar module may be drawn, so a short code does not stretch over the whole box. */
  maxModule?: number;
}

/** Draws Code 128s into one document; codes are prepared ahead so that drawing needs no await. */
export function code128Drawer(doc: PDFKit.PDFDocument) {
  const prepared = new Map<string, Code128Image>();
  return {
    async prepare(codes: readonly string[]): Promise<void> {
      for (const code of codes)
        if (!prepared.has(code) && isPrintableAscii(code)) prepared.set(code, await code128Image(code));
    },
    /**
     * The code's bars, centred in the box with the quiet zone of 10 modules each side that
     * scanners need; false (nothing drawn) for a code Code 128 cannot carry.
     */
    draw(code: string, box: BarcodeBox): boolean {
      const image = prepared.get(code);
      if (!image) return false;
      const fitting = (box.width * image.modules) / (image.modules + 2 * QUIET_ZONE_MODULES);
      const width = Math.min(fitting, image.modules * (box.maxModule ?? 0.6 * MM));
      doc.image(image.dataUrl, box.x + (box.width - width) / 2, box.y, { width, height: box.height });
      return true;
    },
  };
}
