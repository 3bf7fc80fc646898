/**
 * What a barcode detector reads, shared by the camera scanner and the detectors it loads (the
 * platform's own or the WebAssembly ponyfill), so neither has to import the other.
 */

/** What a warehouse prints and receives: box and SKU labels, retail codes, location QR codes. */
export const CAMERA_FORMATS = [
  'code_128',
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'qr_code',
  'data_matrix',
  'code_39',
  'itf',
] as const;
export type CameraFormat = (typeof CAMERA_FORMATS)[number];

export interface CameraRead {
  rawValue: string;
  format: string;
}

export interface Detector {
  detect(source: HTMLVideoElement): Promise<CameraRead[]>;
}
