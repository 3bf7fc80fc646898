/**
 * Camera scanning for phones and PDAs without a hardware scanner. Frames come
 * from our own getUserMedia `<video>`, so we own the camera, the torch and the teardown; a
 * detector reads them: the native `BarcodeDetector` where the platform has every format we need
 * (Chrome on Android with Google Play services), else the `barcode-detector` ponyfill (ZXing-C++
 * in WebAssembly), loaded only when the camera opens and with its .wasm served by us.
 */
import type { CameraFormat, CameraRead, Detector } from './detector.js';

/** 2D codes carry their own error correction; 1D reads are confirmed by a second frame. */
const MATRIX_FORMATS: ReadonlySet<string> = new Set(['qr_code', 'data_matrix']);

export interface CameraScanner {
  /** Opens the rear camera into `video` and calls `onResult` once per new code until stopped. */
  start(
    video: HTMLVideoElement,
    formats: readonly CameraFormat[],
    onResult: (read: CameraRead) => void,
  ): Promise<void>;
  /** Stops every track and the frame loop. Safe to call at any time, more than once. */
  stop(): Promise<void>;
  /** Answers whether the torch took the setting (false where the camera has no torch). */
  setTorch(on: boolean): Promise<boolean>;
  /** After start: whether the camera says it has a torch. */
  readonly hasTorch: boolean;
  /** After start: which detector reads the frames. */
  readonly engine: DetectorEngine | null;
}

export type DetectorEngine = 'native' | 'ponyfill';

export interface DetectorChoice {
  engine: DetectorEngine;
  create(): Promise<Detector>;
}

/** The parts of the platform's BarcodeDetector we use (not in TypeScript's DOM library). */
interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/** Loads the ponyfill chunk (and, through it, the self-hosted wasm) on first use. */
export type PonyfillLoader = (formats: readonly CameraFormat[]) => Promise<Detector>;

export const loadPonyfillDetector: PonyfillLoader = async (formats) => {
  const { createPonyfillDetector } = await import('./camera-ponyfill.js');
  return createPonyfillDetector(formats);
};

/**
 * Implementation A when the platform's detector is there and covers every format asked for,
 * else B. On devices without Google Play services the native class may exist but support
 * nothing, so the formats are always asked.
 */
export async function chooseDetector(
  formats: readonly CameraFormat[],
  scope: object = globalThis,
  loadPonyfill: PonyfillLoader = loadPonyfillDetector,
): Promise<DetectorChoice> {
  const Native = (scope as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (typeof Native === 'function' && typeof Native.getSupportedFormats === 'function') {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.every((format) => supported.includes(format))) {
      return {
        engine: 'native',
        create: () => Promise.resolve(new Native({ formats: [...formats] })),
      };
    }
  }
  return { engine: 'ponyfill', create: () => loadPonyfill(formats) };
}

export interface ReadFilterOptions {
  /** The same code again within this long of its last sighting is the same scan. */
  dedupeMs: number;
  /** Consecutive frames a 1D code must be read in before it counts (misread guard). */
  linearFrames: number;
  now: () => number;
}

export const READ_FILTER_DEFAULTS: Omit<ReadFilterOptions, 'now'> = { dedupeMs: 1500, linearFrames: 2 };

/**
 * Turns each frame's reads into new scans: a 1D code must be read in `linearFrames`
 * consecutive frames, and a code seen within `dedupeMs` is ignored, so a label held in view
 * scans once. The window restarts at every sighting: the code must leave the view (or the
 * camera must look away) for `dedupeMs` before it scans again.
 */
export function createReadFilter(
  options: Partial<ReadFilterOptions> = {},
): (reads: readonly CameraRead[]) => CameraRead[] {
  const { dedupeMs, linearFrames } = { ...READ_FILTER_DEFAULTS, ...options };
  const now = options.now ?? (() => performance.now());
  const lastSeen = new Map<string, number>();
  let streaks = new Map<string, number>();
  return (reads) => {
    const at = now();
    const accepted: CameraRead[] = [];
    const nextStreaks = new Map<string, number>();
    for (const read of reads) {
      const code = read.rawValue;
      if (!code.trim() || nextStreaks.has(code)) continue;
      const streak = (streaks.get(code) ?? 0) + 1;
      nextStreaks.set(code, streak);
      if (!MATRIX_FORMATS.has(read.format) && streak < linearFrames) continue;
      const seen = lastSeen.get(code);
      lastSeen.set(code, at);
      if (seen === undefined || at - seen >= dedupeMs) accepted.push(read);
    }
    streaks = nextStreaks;
    for (const [code, seen] of lastSeen) if (at - seen >= dedupeMs) lastSeen.delete(code);
    return accepted;
  };
}

export const CAMERA_ERROR_CODES = [
  'insecure',
  'unsupported',
  'denied',
  'no_camera',
  'busy',
  'detector',
  'failed',
] as const;
export type CameraErrorCode = (typeof CAMERA_ERROR_CODES)[number];

export class CameraError extends Error {
  constructor(
    readonly code: CameraErrorCode,
    override readonly cause?: unknown,
  ) {
    super(`camera: ${code}`);
    this.name = 'CameraError';
  }
}

/** What a getUserMedia failure means for the worker, by DOMException name (older names too). */
export function cameraErrorCode(error: unknown): CameraErrorCode {
  if (error instanceof CameraError) return error.code;
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'no_camera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

export interface CameraEnvironment {
  isSecureContext: boolean;
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined;
  /** The global that may hold a native BarcodeDetector. */
  scope: object;
}

function browserEnvironment(): CameraEnvironment {
  return {
    isSecureContext: globalThis.isSecureContext !== false,
    mediaDevices: globalThis.navigator?.mediaDevices,
    scope: globalThis,
  };
}

export interface MediaCameraScannerOptions {
  environment?: CameraEnvironment;
  loadPonyfill?: PonyfillLoader;
  /** Time between frames handed to the detector: 8–15 fps is enough. */
  frameMs?: number;
  filter?: Partial<ReadFilterOptions>;
}

/** The constraints for a scanning camera: the rear one, 1280×720, continuous focus where offered. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: { ideal: 'environment' },
    width: { ideal: 1280 },
    height: { ideal: 720 },
  },
};

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean; focusMode?: string[] };

/**
 * The one implementation of CameraScanner: getUserMedia into a `<video>`, a detector on a timer.
 * Start and stop are serialised and a stop wins over a start still waiting for the camera, so
 * React StrictMode's mount-unmount-mount never leaves a second stream running.
 */
export class MediaCameraScanner implements CameraScanner {
  hasTorch = false;
  engine: DetectorEngine | null = null;
  private readonly environment: CameraEnvironment;
  private readonly loadPonyfill: PonyfillLoader;
  private readonly frameMs: number;
  private readonly filterOptions: Partial<ReadFilterOptions>;
  private stream: MediaStream | null = null;
  private video: HTMLVideoElement | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every start and stop: work begun under an older generation gives up. */
  private generation = 0;

  constructor(options: MediaCameraScannerOptions = {}) {
    this.environment = options.environment ?? browserEnvironment();
    this.loadPonyfill = options.loadPonyfill ?? loadPonyfillDetector;
    this.frameMs = options.frameMs ?? 100;
    this.filterOptions = options.filter ?? {};
  }

  async start(
    video: HTMLVideoElement,
    formats: readonly CameraFormat[],
    onResult: (read: CameraRead) => void,
  ): Promise<void> {
    this.release();
    const generation = ++this.generation;
    const { isSecureContext, mediaDevices, scope } = this.environment;
    if (!isSecureContext) throw new CameraError('insecure');
    if (typeof mediaDevices?.getUserMedia !== 'function') throw new CameraError('unsupported');

    // The camera and the detector load side by side: the wasm fetch hides behind the permission prompt.
    const detectorPromise = chooseDetector(formats, scope, this.loadPonyfill).then(async (choice) => ({
      engine: choice.engine,
      detector: await choice.create(),
    }));
    detectorPromise.catch(() => undefined);

    let stream: MediaStream;
    try {
      stream = await mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
    } catch (error) {
      throw new CameraError(cameraErrorCode(error), error);
    }
    if (generation !== this.generation) {
      stopTracks(stream);
      return;
    }
    this.stream = stream;
    this.video = video;
    const track = stream.getVideoTracks()[0];
    const capabilities = (track?.getCapabilities?.() ?? {}) as TorchCapabilities;
    this.hasTorch = capabilities.torch === true;
    if (track && capabilities.focusMode?.includes('continuous')) {
      await track
        .applyConstraints({ advanced: [{ focusMode: 'continuous' } as MediaTrackConstraintSet] })
        .catch(() => undefined);
    }

    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    try {
      await video.play();
    } catch (error) {
      // A play() interrupted by a stop is no failure; anything else is.
      if (generation !== this.generation) return;
      this.release();
      throw new CameraError(cameraErrorCode(error), error);
    }

    let chosen: { engine: DetectorEngine; detector: Detector };
    try {
      chosen = await detectorPromise;
    } catch (error) {
      if (generation !== this.generation) return;
      this.release();
      throw new CameraError('detector', error);
    }
    if (generation !== this.generation) return;
    this.engine = chosen.engine;
    this.loop(generation, chosen.detector, video, createReadFilter(this.filterOptions), onResult);
  }

  private loop(
    generation: number,
    detector: Detector,
    video: HTMLVideoElement,
    filter: (reads: readonly CameraRead[]) => CameraRead[],
    onResult: (read: CameraRead) => void,
  ): void {
    const tick = async () => {
      if (generation !== this.generation) return;
      // HAVE_CURRENT_DATA: a frame is there to read.
      if (video.readyState >= 2 && video.videoWidth > 0) {
        const reads = await detector.detect(video).catch(() => [] as CameraRead[]);
        if (generation !== this.generation) return;
        for (const read of filter(reads)) onResult(read);
      }
      if (generation === this.generation) this.timer = setTimeout(() => void tick(), this.frameMs);
    };
    this.timer = setTimeout(() => void tick(), 0);
  }

  stop(): Promise<void> {
    this.generation += 1;
    this.release();
    return Promise.resolve();
  }

  async setTorch(on: boolean): Promise<boolean> {
    const track = this.stream?.getVideoTracks()[0];
    if (!track || !this.hasTorch) return false;
    try {
      await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      return true;
    } catch {
      return false;
    }
  }

  private release(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stream) stopTracks(this.stream);
    this.stream = null;
    if (this.video) {
      this.video.pause();
      this.video.srcObject = null;
    }
    this.video = null;
    this.hasTorch = false;
  }
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
