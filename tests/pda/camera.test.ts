/**
 * Camera scanning without a browser: which detector reads the frames, how reads become scans
 * (1D confirmation, the 1.5 s de-duplication), what a getUserMedia failure tells the worker, and
 * that every track stops, even when the stop comes while the camera is still opening.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import {
  CAMERA_ERROR_CODES,
  CameraError,
  cameraErrorCode,
  chooseDetector,
  createReadFilter,
  MediaCameraScanner,
  type CameraEnvironment,
} from '@pda/scan/camera.js';
import { CAMERA_FORMATS, type CameraRead } from '@pda/scan/detector.js';
import { LANGUAGES } from '@shared/i18n/languages.js';
import { domError, fakeStream, fakeVideo, QueueDetector, qr } from './support/fake-camera.js';

function nativeClass(supported: string[] | Error) {
  const created: Array<{ formats: string[] }> = [];
  class FakeNative {
    constructor(readonly options: { formats: string[] }) {
      created.push(options);
    }
    static getSupportedFormats() {
      return supported instanceof Error ? Promise.reject(supported) : Promise.resolve(supported);
    }
    detect() {
      return Promise.resolve([]);
    }
  }
  return { FakeNative, created };
}

describe('chooseDetector', () => {
  it('takes the native BarcodeDetector when it supports every format', async () => {
    const { FakeNative, created } = nativeClass([...CAMERA_FORMATS, 'aztec', 'pdf417']);
    const loadPonyfill = vi.fn();
    const choice = await chooseDetector(CAMERA_FORMATS, { BarcodeDetector: FakeNative }, loadPonyfill);
    expect(choice.engine).toBe('native');
    expect(await choice.create()).toBeInstanceOf(FakeNative);
    expect(created).toEqual([{ formats: [...CAMERA_FORMATS] }]);
    expect(loadPonyfill).not.toHaveBeenCalled();
  });

  it('falls back to the ponyfill when a format is missing, none are supported, or asking fails', async () => {
    for (const supported of [['qr_code', 'ean_13', 'code_128'], [], new Error('no Google Play services')]) {
      const { FakeNative } = nativeClass(supported);
      const detector = new QueueDetector();
      const loadPonyfill = vi.fn(() => Promise.resolve(detector));
      const choice = await chooseDetector(CAMERA_FORMATS, { BarcodeDetector: FakeNative }, loadPonyfill);
      expect(choice.engine).toBe('ponyfill');
      expect(loadPonyfill).not.toHaveBeenCalled();
      expect(await choice.create()).toBe(detector);
      expect(loadPonyfill).toHaveBeenCalledWith(CAMERA_FORMATS);
    }
  });

  it('uses the ponyfill where the platform has no BarcodeDetector (Chromium on Linux, Firefox, iOS)', async () => {
    const choice = await chooseDetector(['qr_code'], {}, () => Promise.resolve(new QueueDetector()));
    expect(choice.engine).toBe('ponyfill');
  });
});

describe('createReadFilter', () => {
  function filterAt() {
    let now = 0;
    const filter = createReadFilter({ now: () => now });
    return {
      frame: (reads: CameraRead[], at: number) => {
        now = at;
        return filter(reads).map((read) => read.rawValue);
      },
    };
  }

  it('passes a 2D code at once and ignores it while it stays in view', () => {
    const { frame } = filterAt();
    expect(frame([qr('LOC-A-01')], 0)).toEqual(['LOC-A-01']);
    expect(frame([qr('LOC-A-01')], 100)).toEqual([]);
    expect(frame([qr('LOC-A-01')], 1400)).toEqual([]);
    // Still in view 2.8 s later: each sighting restarts the 1.5 s window.
    expect(frame([qr('LOC-A-01')], 2800)).toEqual([]);
  });

  it('passes the same code again once it was out of sight for 1.5 s', () => {
    const { frame } = filterAt();
    expect(frame([qr('BOX-1')], 0)).toEqual(['BOX-1']);
    expect(frame([], 200)).toEqual([]);
    expect(frame([qr('BOX-1')], 1200)).toEqual([]);
    expect(frame([], 1300)).toEqual([]);
    expect(frame([qr('BOX-1')], 2700)).toEqual(['BOX-1']);
  });

  it('passes a 1D code on its second consecutive frame only', () => {
    const { frame } = filterAt();
    const ean = { rawValue: '4006381333931', format: 'ean_13' };
    const misread = { rawValue: '4006381333948', format: 'ean_13' };
    expect(frame([misread], 0)).toEqual([]);
    expect(frame([ean], 100)).toEqual([]);
    expect(frame([], 200)).toEqual([]);
    expect(frame([ean], 300)).toEqual([]);
    expect(frame([ean], 400)).toEqual(['4006381333931']);
    expect(frame([ean], 500)).toEqual([]);
  });

  it('passes different codes in one frame, and each only once', () => {
    const { frame } = filterAt();
    expect(frame([qr('A-1'), qr('B-2'), qr('A-1')], 0)).toEqual(['A-1', 'B-2']);
    expect(frame([qr('B-2'), qr('C-3')], 100)).toEqual(['C-3']);
    expect(frame([qr('  ')], 200)).toEqual([]);
  });
});

describe('cameraErrorCode', () => {
  it('reads getUserMedia failures by their DOMException name', () => {
    expect(cameraErrorCode(domError('NotAllowedError'))).toBe('denied');
    expect(cameraErrorCode(domError('SecurityError'))).toBe('denied');
    expect(cameraErrorCode(domError('NotFoundError'))).toBe('no_camera');
    expect(cameraErrorCode(domError('OverconstrainedError'))).toBe('no_camera');
    expect(cameraErrorCode(domError('NotReadableError'))).toBe('busy');
    expect(cameraErrorCode(domError('TrackStartError'))).toBe('busy');
    expect(cameraErrorCode(new CameraError('insecure'))).toBe('insecure');
    expect(cameraErrorCode(new Error('odd'))).toBe('failed');
    expect(cameraErrorCode(null)).toBe('failed');
  });
});

function environment(getUserMedia: () => Promise<MediaStream>, scope: object = {}): CameraEnvironment {
  return { isSecureContext: true, mediaDevices: { getUserMedia: vi.fn(getUserMedia) }, scope };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return cameraErrorCode(error);
  }
  return 'no error';
}

describe('MediaCameraScanner', () => {
  it('opens the rear camera, reads frames and answers each new code once', async () => {
    const { stream, track } = fakeStream();
    const detector = new QueueDetector();
    const env = environment(() => Promise.resolve(stream));
    const scanner = new MediaCameraScanner({
      environment: env,
      loadPonyfill: () => Promise.resolve(detector),
      frameMs: 1,
    });
    const video = fakeVideo();
    const reads: string[] = [];
    await scanner.start(video, CAMERA_FORMATS, (read) => reads.push(read.rawValue));
    expect(env.mediaDevices?.getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: 'environment' } }) }),
    );
    expect(video.srcObject).toBe(stream);
    expect(scanner.engine).toBe('ponyfill');
    detector.show([qr('LOC-A-01')], 3);
    detector.show([qr('LOC-B-02')]);
    await vi.waitFor(() => expect(reads).toEqual(['LOC-A-01', 'LOC-B-02']));

    await scanner.stop();
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
    const calls = detector.calls;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(detector.calls).toBe(calls);
  });

  it('prefers the native detector and never loads the ponyfill then', async () => {
    const { FakeNative } = nativeClass([...CAMERA_FORMATS]);
    const loadPonyfill = vi.fn();
    const scanner = new MediaCameraScanner({
      environment: environment(() => Promise.resolve(fakeStream().stream), { BarcodeDetector: FakeNative }),
      loadPonyfill,
    });
    await scanner.start(fakeVideo(), CAMERA_FORMATS, () => undefined);
    expect(scanner.engine).toBe('native');
    expect(loadPonyfill).not.toHaveBeenCalled();
    await scanner.stop();
  });

  it('stops the tracks of a camera that opens after the stop (StrictMode double mount)', async () => {
    const { stream, track } = fakeStream();
    let open: (value: MediaStream) => void = () => undefined;
    const scanner = new MediaCameraScanner({
      environment: environment(() => new Promise<MediaStream>((resolve) => (open = resolve))),
      loadPonyfill: () => Promise.resolve(new QueueDetector()),
    });
    const video = fakeVideo();
    const started = scanner.start(video, CAMERA_FORMATS, () => undefined);
    await scanner.stop();
    open(stream);
    await started;
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
  });

  it('turns the torch on and off where the camera has one', async () => {
    const { stream, track } = fakeStream({ torch: true, focusMode: ['manual', 'continuous'] });
    const scanner = new MediaCameraScanner({
      environment: environment(() => Promise.resolve(stream)),
      loadPonyfill: () => Promise.resolve(new QueueDetector()),
    });
    await scanner.start(fakeVideo(), CAMERA_FORMATS, () => undefined);
    expect(track.applyConstraints).toHaveBeenCalledWith({ advanced: [{ focusMode: 'continuous' }] });
    expect(scanner.hasTorch).toBe(true);
    expect(await scanner.setTorch(true)).toBe(true);
    expect(track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: true }] });
    track.applyConstraints.mockRejectedValueOnce(domError('OverconstrainedError'));
    expect(await scanner.setTorch(false)).toBe(false);
    await scanner.stop();
    expect(await scanner.setTorch(true)).toBe(false);
  });

  it('says no torch where the camera has none', async () => {
    const { stream, track } = fakeStream({});
    const scanner = new MediaCameraScanner({
      environment: environment(() => Promise.resolve(stream)),
      loadPonyfill: () => Promise.resolve(new QueueDetector()),
    });
    await scanner.start(fakeVideo(), CAMERA_FORMATS, () => undefined);
    expect(scanner.hasTorch).toBe(false);
    expect(await scanner.setTorch(true)).toBe(false);
    expect(track.applyConstraints).not.toHaveBeenCalled();
    await scanner.stop();
  });

  it('tells an insecure page and a browser without a camera API apart, before asking for the camera', async () => {
    const getUserMedia = vi.fn();
    const insecure = new MediaCameraScanner({
      environment: { isSecureContext: false, mediaDevices: { getUserMedia }, scope: {} },
    });
    expect(await failure(insecure.start(fakeVideo(), CAMERA_FORMATS, () => undefined))).toBe('insecure');
    const old = new MediaCameraScanner({
      environment: { isSecureContext: true, mediaDevices: undefined, scope: {} },
    });
    expect(await failure(old.start(fakeVideo(), CAMERA_FORMATS, () => undefined))).toBe('unsupported');
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('answers denied, no camera and busy from getUserMedia', async () => {
    for (const [name, code] of [
      ['NotAllowedError', 'denied'],
      ['NotFoundError', 'no_camera'],
      ['NotReadableError', 'busy'],
    ]) {
      const scanner = new MediaCameraScanner({
        environment: environment(() => Promise.reject(domError(name ?? ''))),
        loadPonyfill: () => Promise.resolve(new QueueDetector()),
      });
      expect(await failure(scanner.start(fakeVideo(), CAMERA_FORMATS, () => undefined))).toBe(code);
    }
  });

  it('stops the camera when the barcode reader cannot load', async () => {
    const { stream, track } = fakeStream();
    const scanner = new MediaCameraScanner({
      environment: environment(() => Promise.resolve(stream)),
      loadPonyfill: () => Promise.reject(new TypeError('Failed to fetch zxing_reader.wasm')),
    });
    const video = fakeVideo();
    expect(await failure(scanner.start(video, CAMERA_FORMATS, () => undefined))).toBe('detector');
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
  });
});

describe('camera texts', () => {
  const keys = [
    'open',
    'title',
    'close',
    'starting',
    'hint',
    'scanned',
    'torchOn',
    'torchOff',
    'continuous',
    ...CAMERA_ERROR_CODES.map((code) => `error.${code}`),
  ];

  it.each(LANGUAGES)('%s has every camera text', (language) => {
    const bundle = JSON.parse(
      readFileSync(new URL(`../../locales/${language}/pda.json`, import.meta.url), 'utf8'),
    ) as { camera?: Record<string, unknown>; common?: Record<string, unknown> };
    const lookup = (key: string): unknown =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], bundle.camera);
    const missing = keys.filter((key) => typeof lookup(key) !== 'string' || !(lookup(key) as string).trim());
    expect(missing).toEqual([]);
    expect(lookup('scanned')).toContain('{{code}}');
    expect(typeof bundle.common?.retry).toBe('string');
  });
});
