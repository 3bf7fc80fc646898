/**
 * The keyboard-wedge scanner on a screen: listens while the screen is mounted, on the off-screen
 * sink it is given, with this device's scanner settings (idle gap, prefix and suffix stripped, GS
 * placeholder), and hands each scan on classified. Every place that takes scans (the scan field,
 * a form such as the difference report) listens through here, so scanner-speed input is a scan
 * wherever focus is and never lands in a field as typed text.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { classifyScan, type ClassifiedScan } from '@shared/domain/scan.js';
import { listenForScans } from '../scan/keyboard-wedge.js';
import { readScannerSettings, stripAffixes, type ScannerSettings } from '../scan/scanner-settings.js';

/** A code as this device's scanner sends it, read: affixes stripped, its GS stand-in a GS. */
export function classifyDeviceScan(
  raw: string,
  settings: ScannerSettings = readScannerSettings(),
): ClassifiedScan {
  return classifyScan(
    stripAffixes(raw, settings),
    settings.gsPlaceholder ? { gsPlaceholder: settings.gsPlaceholder } : {},
  );
}

export function useWedgeScans(
  sink: RefObject<HTMLInputElement | null>,
  onScan: (scan: ClassifiedScan) => void,
  onUnread?: (text: string) => void,
): void {
  const handlers = useRef({ onScan, onUnread });
  handlers.current = { onScan, onUnread };
  useLayoutEffect(() => {
    const input = sink.current;
    if (!input) return undefined;
    const settings = readScannerSettings();
    return listenForScans(input, (scan) => handlers.current.onScan(classifyDeviceScan(scan.raw, settings)), {
      idleMs: settings.idleMs,
      onUnread: (text) => handlers.current.onUnread?.(text),
    });
  }, [sink]);
}
