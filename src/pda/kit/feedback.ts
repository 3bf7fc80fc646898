/**
 * Scan feedback: a tone, a vibration and the screen's colour, all started
 * in the same tick as the scan, from local data only. One AudioContext, resumed on the first
 * gesture (autoplay policy); where audio or vibration is missing, the colour still shows.
 */
export type FeedbackKind = 'ok' | 'warn' | 'error';

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context = new window.AudioContext();
  return context;
}

/** Call once at start: resumes audio on the first pointer or key gesture. */
export function unlockAudioOnGesture(target: Window = window): void {
  const unlock = () => {
    const ctx = audio();
    if (ctx && ctx.state === 'suspended') void ctx.resume();
  };
  target.addEventListener('pointerdown', unlock, { capture: true });
  target.addEventListener('keydown', unlock, { capture: true });
}

function tone(ctx: AudioContext, frequency: number, ms: number, at: number): void {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.4, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + ms / 1000 + 0.02);
}

const PATTERNS: Record<FeedbackKind, { tones: Array<[number, number, number]>; vibrate: number[] }> = {
  ok: { tones: [[1800, 80, 0]], vibrate: [40] },
  warn: {
    tones: [
      [900, 110, 0],
      [900, 110, 0.17],
    ],
    vibrate: [80, 60, 80],
  },
  error: {
    tones: [
      [300, 160, 0],
      [300, 160, 0.2],
      [300, 160, 0.4],
    ],
    vibrate: [200, 100, 200, 100, 400],
  },
};

/** Sound and vibration for a scan's outcome; never throws. */
export function signal(kind: FeedbackKind): void {
  // The scan-to-feedback probe of bench/pda.ts; cleared at once, so a day of scans keeps none.
  performance.mark('pda-scan-feedback');
  performance.clearMarks('pda-scan-feedback');
  const pattern = PATTERNS[kind];
  try {
    const ctx = audio();
    if (ctx)
      for (const [frequency, ms, delay] of pattern.tones) tone(ctx, frequency, ms, ctx.currentTime + delay);
  } catch {
    // No audio device: the colour and vibration still tell.
  }
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    navigator.vibrate(pattern.vibrate);
  }
}
