/**
 * Implementation B's detector: the `barcode-detector` ponyfill (ZXing-C++ in WebAssembly). This
 * module is only reached through a dynamic import when the camera opens, so neither it nor the
 * wasm is part of the PDA's first load. The wasm is imported with `?url`: Vite copies it into
 * dist/pda/assets with a content hash and the service worker precaches it, so the camera scans
 * offline. Without the override the library fetches it from the jsDelivr CDN.
 */
import { BarcodeDetector, prepareZXingModule, purgeZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { CameraFormat, CameraRead, Detector } from './detector.js';

export const ZXING_WASM_URL = wasmUrl;

const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
};

let ready: Promise<unknown> | null = null;

/** Instantiates the wasm once; a failed load (offline before it was cached) is tried again next time. */
function prepare(): Promise<unknown> {
  ready ??= prepareZXingModule({ overrides, fireImmediately: true }).catch((error: unknown) => {
    purgeZXingModule();
    ready = null;
    throw error;
  });
  return ready;
}

export async function createPonyfillDetector(formats: readonly CameraFormat[]): Promise<Detector> {
  await prepare();
  const detector = new BarcodeDetector({ formats: [...formats] });
  return {
    detect: async (source: HTMLVideoElement): Promise<CameraRead[]> =>
      (await detector.detect(source)).map(({ rawValue, format }) => ({ rawValue, format })),
  };
}
