// @vitest-environment jsdom
/**
 * The camera in a screen's ScanInput: the camera button opens the overlay, a code read from a
 * frame reaches the screen as the same classified scan a hardware scanner gives, the overlay
 * closes (or keeps scanning), and the camera's tracks stop whichever way it goes away. Errors
 * reach the worker in their language. getUserMedia and the detector are fakes; jsdom has no
 * camera.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScanInput } from '@pda/kit/scan-input.js';
import { initPdaI18n } from '@pda/i18n.js';
import { CAMERA_FORMATS } from '@pda/scan/detector.js';
import { classifyScan } from '@shared/domain/scan.js';
import { domError, fakeStream, QueueDetector, qr } from './support/fake-camera.js';

let detector: QueueDetector;
let getUserMedia: ReturnType<typeof vi.fn>;

/** The platform detector, as Chrome on Android has it: the native path, no wasm in jsdom. */
class FakeBarcodeDetector {
  static getSupportedFormats() {
    return Promise.resolve([...CAMERA_FORMATS]);
  }
  detect() {
    return detector.detect();
  }
}

beforeAll(async () => {
  await initPdaI18n('en-US');
  // jsdom's media elements neither play nor have frames.
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => undefined;
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 1280 });
});

beforeEach(() => {
  localStorage.clear();
  detector = new QueueDetector();
  getUserMedia = vi.fn();
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = FakeBarcodeDetector;
});

afterEach(() => {
  cleanup();
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
});

const openCamera = () => fireEvent.click(screen.getByRole('button', { name: 'Scan with the camera' }));
const overlay = () => screen.queryByRole('dialog', { name: 'Camera scan' });

describe('camera scanning in ScanInput', () => {
  it('hands a code read by the camera to the screen as a classified scan and closes', async () => {
    const { stream, track } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const onScan = vi.fn();
    render(<ScanInput onScan={onScan} />);

    openCamera();
    await screen.findByRole('dialog', { name: 'Camera scan' });
    await screen.findByText('Hold the barcode inside the frame');
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    detector.show([qr(']Q3(00)340123450000000000')]);

    await waitFor(() => expect(onScan).toHaveBeenCalledTimes(1));
    expect(onScan).toHaveBeenCalledWith(classifyScan(']Q3(00)340123450000000000'));
    expect(onScan.mock.calls[0]?.[0]?.candidates[0]).toEqual({ kind: 'box', value: '340123450000000000' });
    await waitFor(() => expect(overlay()).toBeNull());
    expect(track.stop).toHaveBeenCalled();
  });

  it('keeps scanning when asked, once per code, and stops the camera on close', async () => {
    const { stream, track } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const onScan = vi.fn();
    render(<ScanInput onScan={onScan} />);
    openCamera();
    fireEvent.click(await screen.findByRole('switch', { name: 'Keep scanning' }));
    await screen.findByText('Hold the barcode inside the frame');

    detector.show([qr('LOC-A-01')], 3);
    detector.show([], 1);
    detector.show([qr('LOC-B-02')], 2);
    await waitFor(() => expect(onScan).toHaveBeenCalledTimes(2));
    expect(onScan.mock.calls.map(([scan]) => (scan as { code: string }).code)).toEqual([
      'LOC-A-01',
      'LOC-B-02',
    ]);
    expect(screen.getByText('Scanned LOC-B-02')).toBeTruthy();
    expect(overlay()).not.toBeNull();
    expect(track.stop).not.toHaveBeenCalled();

    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(overlay()).toBeNull());
    expect(track.stop).toHaveBeenCalled();
    expect(localStorage.getItem('pda.camera.continuous')).toBe('1');
  });

  it('stops the camera when the screen goes away with the camera open', async () => {
    const { stream, track } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const { unmount } = render(<ScanInput onScan={vi.fn()} />);
    openCamera();
    await screen.findByText('Hold the barcode inside the frame');
    unmount();
    expect(track.stop).toHaveBeenCalled();
  });

  it('steps aside when the screen blocks scans, and ignores reads meanwhile', async () => {
    const { stream, track } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const onScan = vi.fn();
    const { rerender } = render(<ScanInput onScan={onScan} />);
    openCamera();
    await screen.findByText('Hold the barcode inside the frame');
    rerender(<ScanInput onScan={onScan} enabled={false} />);
    await waitFor(() => expect(overlay()).toBeNull());
    expect(track.stop).toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Scan with the camera' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(onScan).not.toHaveBeenCalled();
  });

  it('stops the camera when the app goes to the background', async () => {
    const { stream, track } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    render(<ScanInput onScan={vi.fn()} />);
    openCamera();
    await screen.findByText('Hold the barcode inside the frame');
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(overlay()).toBeNull());
    expect(track.stop).toHaveBeenCalled();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  });

  it('offers the torch only where the camera has one', async () => {
    const { stream, track } = fakeStream({ torch: true });
    getUserMedia.mockResolvedValue(stream);
    render(<ScanInput onScan={vi.fn()} />);
    openCamera();
    fireEvent.click(await screen.findByRole('button', { name: 'Light on' }));
    await screen.findByRole('button', { name: 'Light off' });
    expect(track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: true }] });
  });

  it.each([
    [
      'NotAllowedError',
      'Camera access was refused: allow the camera for this site in the browser settings, then try again',
    ],
    ['NotFoundError', 'No camera was found on this device: use the scanner or type the code'],
    ['NotReadableError', 'The camera is in use by another app: close that app and try again'],
  ])('explains %s and tries again on Retry', async (name, text) => {
    const { stream } = fakeStream();
    getUserMedia.mockRejectedValueOnce(domError(name)).mockResolvedValueOnce(stream);
    render(<ScanInput onScan={vi.fn()} />);
    openCamera();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Hold the barcode inside the frame');
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('explains an insecure address without asking for the camera', async () => {
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false });
    render(<ScanInput onScan={vi.fn()} />);
    openCamera();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The camera only works over a secure (https) connection: open the PDA by its https address',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
