/**
 * The scan probe of the PDA's paint benches (bench/pda.ts on the receive screen, bench/pack-paint.ts
 * on the pack screen): a scan typed as a wedge scanner's burst, and in the page, from that scan's
 * Enter keydown, the time of the feedback's call (the 'pda-scan-feedback' mark of
 * src/pda/kit/feedback.ts: tone and vibration start there, the screen's state is set in the same
 * tick) and of the first frame painted after that state was committed.
 *
 * The commit is seen as the first change of the page's DOM after the mark (a MutationObserver:
 * React writes the feedback and what the scan changed in one commit, whether in the mark's own
 * task or a task it queues); an animation frame asked for there is the frame that draws it, and a
 * task after that frame's callbacks runs once it is painted.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { chars, ENTER, sendStrokes } from '../tests/e2e/scanner-keys.js';

export interface ScanSample {
  /** Enter keydown's timeStamp, the feedback call, the frame after the commit (page clock, ms). */
  enterAt: number;
  /** When the page began to handle the Enter keydown (after the keys and tasks queued before it). */
  enterHandledAt: number;
  markAt: number;
  /** When the feedback's DOM change was seen (React's commit), and the next frame's callbacks. */
  commitAt: number;
  frameAt: number;
  paintAt: number;
}

declare global {
  interface Window {
    scanProbe?: { arm(): void; take(): Promise<ScanSample> };
  }
}

/** Runs in the page before the app (serialised: it uses nothing from outside). */
function installScanProbe(): void {
  let lastEnter = Number.NaN;
  let lastEnterHandled = Number.NaN;
  let waiter: ((sample: ScanSample) => void) | null = null;
  let armed: Promise<ScanSample> = Promise.reject(new Error('the probe was not armed'));
  armed.catch(() => undefined);
  const afterTask = (then: () => void) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      then();
    };
    channel.port2.postMessage(null);
  };
  // Window, capture phase: before the wedge's document listener.
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Enter') return;
      lastEnter = event.timeStamp;
      lastEnterHandled = performance.now();
    },
    true,
  );
  const mark = performance.mark.bind(performance);
  performance.mark = (name: string, options?: PerformanceMarkOptions) => {
    const entry = mark(name, options);
    if (name === 'pda-scan-feedback') {
      const enterAt = lastEnter;
      const enterHandledAt = lastEnterHandled;
      const committed = new MutationObserver(() => {
        committed.disconnect();
        const commitAt = performance.now();
        requestAnimationFrame(() => {
          const frameAt = performance.now();
          afterTask(() => {
            const paintAt = performance.now();
            waiter?.({ enterAt, enterHandledAt, markAt: entry.startTime, commitAt, frameAt, paintAt });
            waiter = null;
          });
        });
      });
      committed.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    }
    return entry;
  };
  window.scanProbe = {
    arm: () => {
      armed = new Promise((resolve) => (waiter = resolve));
    },
    take: () => armed,
  };
}

/** Puts the probe in every page of the context, before the app's scripts. */
export async function addScanProbe(context: BrowserContext): Promise<void> {
  // tsx names the probe's inner functions with its __name helper: the page gets a stand-in.
  await context.addInitScript({ content: `var __name = (f) => f; (${installScanProbe.toString()})();` });
}

/**
 * Scans a code and answers its timings, or null when the screen gave no feedback within 10 s
 * (never a wait forever). The code goes in one burst, as a built-in scan engine types it, so a
 * busy machine cannot cut it in two.
 */
export async function probeScan(page: Page, code: string): Promise<ScanSample | null> {
  await page.evaluate(() => window.scanProbe?.arm());
  await sendStrokes(page, [...chars(code), ENTER]);
  return page.evaluate(() =>
    Promise.race([
      window.scanProbe?.take() ?? Promise.reject(new Error('no scan probe')),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]),
  );
}
