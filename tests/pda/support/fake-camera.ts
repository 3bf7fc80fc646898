/**
 * A camera for tests: getUserMedia answering a stream whose tracks record stop() and torch
 * constraints, a `<video>` stand-in that is always "playing", and a detector that answers
 * whatever the test queues for the next frames.
 */
import { vi } from 'vitest';
import type { CameraRead, Detector } from '@pda/scan/detector.js';

export interface FakeTrack {
  kind: 'video';
  readyState: 'live' | 'ended';
  stop: ReturnType<typeof vi.fn>;
  getCapabilities: () => Record<string, unknown>;
  applyConstraints: ReturnType<typeof vi.fn>;
}

export function fakeStream(capabilities: Record<string, unknown> = {}) {
  const track: FakeTrack = {
    kind: 'video',
    readyState: 'live',
    stop: vi.fn(() => {
      track.readyState = 'ended';
    }),
    getCapabilities: () => capabilities,
    applyConstraints: vi.fn(() => Promise.resolve()),
  };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
}

export function domError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

/** A plain object standing in for a `<video>` in node tests. */
export function fakeVideo(): HTMLVideoElement {
  return {
    srcObject: null,
    muted: false,
    playsInline: false,
    readyState: 4,
    videoWidth: 1280,
    play: vi.fn(() => Promise.resolve()),
    pause: vi.fn(),
  } as unknown as HTMLVideoElement;
}

/** Answers the queued reads, one entry per frame; nothing once the queue is empty. */
export class QueueDetector implements Detector {
  readonly frames: CameraRead[][] = [];
  calls = 0;
  detect(): Promise<CameraRead[]> {
    this.calls += 1;
    return Promise.resolve(this.frames.shift() ?? []);
  }
  /** The same reads for the next `count` frames. */
  show(reads: CameraRead[], count = 1): void {
    for (let index = 0; index < count; index += 1) this.frames.push(reads);
  }
}

export function qr(rawValue: string): CameraRead {
  return { rawValue, format: 'qr_code' };
}
