/**
 * What a scan is, decided before anything is looked up (docs/research/pda-offline.md §1.6): the AIM symbology
 * prefix is recorded and stripped, GS1 element strings (SSCC box labels, GTINs) are read, then
 * the warehouse's own label conventions (location, box, inbound order, carrier tracking) are
 * tried in the order the caller configures, then GTIN by check digit, then SKU codes. The label
 * conventions are data passed in, because each warehouse prints its own labels.
 *
 * And how a scan arrives from a keyboard-wedge scanner (docs/research/pda-offline.md §1.3, §1.4): characters with their
 * times, a scan ends on Enter or Tab, or on an idle gap when the characters came at scanner speed.
 * Timing only labels the source (scanner or keypad) and ends suffix-less scans; the terminator
 * stays the primary signal.
 *
 * Kept whole past 400 lines: the classifier's order of attempts is the rule, and it reads as one
 * sequence; its unit tests sit beside it in the same order.
 */
import { gtinCheckDigit, isValidGtin, normaliseBarcode } from './barcode.js';

export const SCAN_KINDS = ['location', 'box', 'inbound_order', 'tracking', 'gtin', 'sku'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/** GS, the GS1 FNC1 separator; scanners in wedge mode send it as Ctrl+]. */
export const GS = '\x1d';

export interface TrackingRule {
  carrier: string;
  pattern: RegExp;
}

/** The warehouse's label conventions. Patterns are matched against the whole, upper-cased code. */
export interface ScanRules {
  location?: RegExp[];
  box?: RegExp[];
  inboundOrder?: RegExp[];
  tracking?: TrackingRule[];
  /** Codes that may be a SKU code; any printable code when absent. */
  sku?: RegExp[];
  /** A printable stand-in the device profile puts where GS was (docs/research/pda-offline.md §1.2), e.g. '~'. */
  gsPlaceholder?: string;
  /** Kinds tried first, in this order, when several match. Defaults to SCAN_KINDS. */
  order?: readonly ScanKind[];
}

export interface Gs1Element {
  ai: string;
  value: string;
}

export interface ScanCandidate {
  kind: ScanKind;
  /** The code to look up: a GTIN as 14 digits, an SSCC as 18, anything else upper-cased. */
  value: string;
  carrier?: string;
}

export interface ClassifiedScan {
  raw: string;
  /** The AIM symbology identifier without its ']' (e.g. 'C1' for GS1-128), when present. */
  symbology: string | null;
  /** The code without the AIM prefix and control characters. */
  code: string;
  /** GS1 element strings, when the code is one. */
  gs1: Gs1Element[] | null;
  /** Every reading that fits, best first; the screen picks the one its step expects. */
  candidates: ScanCandidate[];
}

const GS1_SYMBOLOGIES = new Set(['C1', 'd2', 'Q3', 'e0']);

/** Fixed total lengths (AI plus data) by the AI's first two digits, from the GS1 tables. */
const GS1_FIXED: Record<string, number> = {
  '00': 20,
  '01': 16,
  '02': 16,
  '03': 16,
  '04': 18,
  '11': 8,
  '12': 8,
  '13': 8,
  '14': 8,
  '15': 8,
  '16': 8,
  '17': 8,
  '18': 8,
  '19': 8,
  '20': 4,
  '31': 10,
  '32': 10,
  '33': 10,
  '34': 10,
  '35': 10,
  '36': 10,
  '41': 16,
};

/** How many digits the AI itself has, by its first two digits (GS1 General Specifications §3). */
function aiLength(digits: string): number {
  const head = Number(digits.slice(0, 2));
  if ((head >= 31 && head <= 36) || head === 70 || (head >= 72 && head <= 89)) return 4;
  if ((head >= 23 && head <= 29) || (head >= 40 && head <= 49) || head === 71) return 3;
  return 2;
}

/**
 * Reads a GS1 element string given with brackets ('(01)…(10)…') or with GS separators. Answers
 * null when the string is not well formed, so a non-GS1 code is never half-read.
 */
export function parseGs1(code: string): Gs1Element[] | null {
  if (code.startsWith('(')) {
    const elements: Gs1Element[] = [];
    const pattern = /\((\d{2,4})\)([^(]*)/gy;
    let match: RegExpExecArray | null;
    let consumed = 0;
    while ((match = pattern.exec(code)) !== null) {
      const [whole, ai = '', value = ''] = match;
      if (value === '') return null;
      elements.push({ ai, value });
      consumed += whole.length;
    }
    return consumed === code.length && elements.length > 0 ? elements : null;
  }
  const elements: Gs1Element[] = [];
  let rest = code.startsWith(GS) ? code.slice(1) : code;
  while (rest.length > 0) {
    if (!/^\d{2}/.test(rest)) return null;
    const fixed = GS1_FIXED[rest.slice(0, 2)];
    const aiLen = aiLength(rest);
    const ai = rest.slice(0, aiLen);
    if (!/^\d+$/.test(ai)) return null;
    let value: string;
    if (fixed !== undefined) {
      if (rest.length < fixed) return null;
      value = rest.slice(aiLen, fixed);
      rest = rest.slice(fixed);
      if (rest.startsWith(GS)) rest = rest.slice(1);
    } else {
      const end = rest.indexOf(GS);
      value = end === -1 ? rest.slice(aiLen) : rest.slice(aiLen, end);
      rest = end === -1 ? '' : rest.slice(end + 1);
    }
    if (value === '') return null;
    elements.push({ ai, value });
  }
  return elements.length > 0 ? elements : null;
}

/** An SSCC is 18 digits with a GS1 mod-10 check digit, like a GTIN. */
export function isValidSscc(code: string): boolean {
  return /^\d{18}$/.test(code) && gtinCheckDigit(code.slice(0, 17)) === Number(code.slice(17));
}

function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

function splitSymbology(raw: string): { symbology: string | null; rest: string } {
  const match = /^\]([A-Za-z][0-9A-Za-z])/.exec(raw);
  if (!match?.[1]) return { symbology: null, rest: raw };
  return { symbology: match[1], rest: raw.slice(3) };
}

function matchesAny(patterns: RegExp[] | undefined, code: string): boolean {
  return (patterns ?? []).some((pattern) => {
    pattern.lastIndex = 0;
    return pattern.test(code);
  });
}

function gs1Candidates(elements: Gs1Element[]): ScanCandidate[] {
  const result: ScanCandidate[] = [];
  for (const { ai, value } of elements) {
    if (ai === '00' && isValidSscc(value)) result.push({ kind: 'box', value });
    if ((ai === '01' || ai === '02') && isValidGtin(value)) result.push({ kind: 'gtin', value });
  }
  return result;
}

/**
 * Classifies a scan by prefix and pattern. A code may fit several kinds (a location code that
 * also looks like a SKU code); all are answered, ordered by `rules.order`, so the step that
 * expects a location takes the location reading and any other step can say "wrong kind".
 */
export function classifyScan(raw: string, rules: ScanRules = {}): ClassifiedScan {
  const { symbology, rest } = splitSymbology(raw.trim());
  let body = rest;
  if (rules.gsPlaceholder) body = body.split(rules.gsPlaceholder).join(GS);
  // Control characters other than GS are keyboard noise (docs/research/pda-offline.md §1.7), never data.
  body = [...body]
    .filter((char) => char === GS || !isControl(char))
    .join('')
    .trim();
  const looksGs1 =
    (symbology !== null && GS1_SYMBOLOGIES.has(symbology)) || body.startsWith('(') || body.includes(GS);
  // A GS1 string scanned without its symbology prefix ('0106900000000014…') is read as GS1 only
  // when it starts with an item element whose check digit holds.
  const bare = !looksGs1 && /^0[012]\d{14}/.test(body) ? parseGs1(body) : null;
  const gs1 = looksGs1 ? parseGs1(body) : bare && gs1Candidates(bare).length > 0 ? bare : null;
  const code = body.split(GS).join('');
  const upper = code.toUpperCase();

  const found: ScanCandidate[] = [];
  if (gs1) found.push(...gs1Candidates(gs1));
  if (!gs1) {
    if (matchesAny(rules.location, upper)) found.push({ kind: 'location', value: upper });
    if (matchesAny(rules.box, upper)) found.push({ kind: 'box', value: upper });
    if (/^\d{18}$/.test(code) && isValidSscc(code) && !found.some((c) => c.kind === 'box')) {
      found.push({ kind: 'box', value: code });
    }
    if (matchesAny(rules.inboundOrder, upper)) found.push({ kind: 'inbound_order', value: upper });
    for (const rule of rules.tracking ?? []) {
      rule.pattern.lastIndex = 0;
      if (rule.pattern.test(upper)) {
        found.push({ kind: 'tracking', value: upper, carrier: rule.carrier });
        break;
      }
    }
    const normalised = normaliseBarcode(code);
    if (normalised !== null && /^\d{14}$/.test(normalised) && isValidGtin(normalised)) {
      found.push({ kind: 'gtin', value: normalised });
    }
    const isSku = rules.sku ? matchesAny(rules.sku, upper) : normalised !== null;
    if (isSku && normalised !== null && !found.some((c) => c.kind === 'gtin')) {
      found.push({ kind: 'sku', value: normalised });
    }
  }
  const order = rules.order ?? SCAN_KINDS;
  const rank = (kind: ScanKind) => {
    const index = order.indexOf(kind);
    return index === -1 ? order.length : index;
  };
  const candidates = found
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => rank(a.candidate.kind) - rank(b.candidate.kind) || a.index - b.index)
    .map(({ candidate }) => candidate);
  return { raw, symbology, code, gs1, candidates };
}

/**
 * The code a screen looks up for a scan: for a GS1 string the item it names (the GTIN, else the
 * SSCC), never the element string itself; for anything else the code as scanned.
 */
export function lookupCode(scan: ClassifiedScan): string {
  if (!scan.gs1) return scan.code;
  const item = scan.candidates.find((candidate) => candidate.kind === 'gtin' || candidate.kind === 'box');
  return item?.value ?? scan.code;
}

/** A GS1 string's batch or lot (AI 10) and expiry date (AI 17, YYMMDD), when it carries them. */
export function gs1Batch(scan: ClassifiedScan): { lot?: string; expiry?: string } {
  const lot = scan.gs1?.find((element) => element.ai === '10')?.value;
  const expiry = scan.gs1?.find((element) => element.ai === '17')?.value;
  return { ...(lot ? { lot } : {}), ...(expiry ? { expiry } : {}) };
}

/** The reading of `scan` as `kind`, or null: how a step that expects one kind reads a scan. */
export function readingAs(scan: ClassifiedScan, kind: ScanKind): ScanCandidate | null {
  return scan.candidates.find((candidate) => candidate.kind === kind) ?? null;
}

export interface WedgeOptions {
  /** A pause this long after scanner-speed characters ends a scan without a suffix. */
  idleMs: number;
  /** Average gap per character at or below which a burst counts as a scanner's. */
  scannerMaxMsPerChar: number;
  /** Shorter scans are keyboard noise (a stray key press), never a code. */
  minLength: number;
  /** Human typing not ended by Enter within this long is abandoned. */
  abandonMs: number;
}

/**
 * Odoo uses 100 ms between keys and metasfresh 50 ms. Built-in scan engines type at under 10 ms a
 * character, Bluetooth and USB scanners set to a slow rate at 40–60 ms; people on a keypad at
 * well over 100 ms. A scanner set to 60 ms does not keep it to the millisecond (its keys come a
 * few ms late or early), so the line between scanner and person lies at
 * 80 ms: at 60, its scans fell on either side of the line, and typing ends only with Enter.
 * The idle gap that ends a suffix-less scan adapts to the scanner's own pace (three of its
 * gaps, at least idleMs), so a slow scanner is not cut in pieces.
 */
export const WEDGE_DEFAULTS: WedgeOptions = {
  idleMs: 80,
  scannerMaxMsPerChar: 80,
  minLength: 3,
  abandonMs: 15_000,
};

/** STX and ETX, the framing some scanners put around a code instead of a suffix. */
export const STX = '\x02';
export const ETX = '\x03';

export interface WedgeState {
  buffer: string;
  firstAt: number;
  lastAt: number;
  /** An STX opened this scan: it ends at ETX (or Enter, Tab, idle). */
  isFramed?: boolean;
}

export const WEDGE_IDLE: WedgeState = { buffer: '', firstAt: 0, lastAt: 0 };

export type WedgeEvent =
  /** A keydown: `key` as KeyboardEvent.key, `at` in ms (performance.now()). */
  | { type: 'key'; key: string; at: number; ctrlKey?: boolean; metaKey?: boolean }
  /** The whole value of the scan input after an IME commit (keydown said 'Unidentified'). */
  | { type: 'text'; value: string; at: number }
  /** Time passing: the caller ticks at `wedgeDeadline()`. */
  | { type: 'tick'; at: number };

export interface WedgeScan {
  raw: string;
  endedBy: 'enter' | 'tab' | 'etx' | 'idle';
  source: 'scanner' | 'keypad';
  msPerChar: number;
  startedAt: number;
  endedAt: number;
}

export interface WedgeStep {
  state: WedgeState;
  scan: WedgeScan | null;
  /** The caller should preventDefault: the key belongs to a scan, not to the page. */
  consumed: boolean;
  /**
   * Input that could not be read as a scan (typed or sent too slowly and never ended): shown to
   * the worker with the choice to use it, never dropped without a word.
   */
  unread?: string;
}

function msPerChar(state: WedgeState): number {
  return state.buffer.length > 1 ? (state.lastAt - state.firstAt) / (state.buffer.length - 1) : 0;
}

function isScannerSpeed(state: WedgeState, options: WedgeOptions): boolean {
  return state.buffer.length > 1 && msPerChar(state) <= options.scannerMaxMsPerChar;
}

/** What ends a scan as its last character: a newline, a tab or ETX. */
const TERMINATORS = new Set(['\r', '\n', '\t', ETX]);

function trimEnd(text: string): string {
  let end = text.length;
  while (end > 0 && TERMINATORS.has(text[end - 1] ?? '')) end -= 1;
  return text.slice(0, end);
}

function finish(
  state: WedgeState,
  endedBy: WedgeScan['endedBy'],
  at: number,
  options: WedgeOptions,
): WedgeScan | null {
  const raw = trimEnd(state.buffer);
  if (raw.length < options.minLength) return null;
  return {
    raw,
    endedBy,
    source: isScannerSpeed(state, options) ? 'scanner' : 'keypad',
    msPerChar: Math.round(msPerChar(state) * 10) / 10,
    startedAt: state.firstAt,
    endedAt: endedBy === 'idle' ? state.lastAt : at,
  };
}

function append(state: WedgeState, text: string, at: number): WedgeState {
  const framed = state.isFramed ? { isFramed: true } : {};
  return state.buffer === ''
    ? { buffer: text, firstAt: state.isFramed ? state.firstAt : at, lastAt: at, ...framed }
    : { buffer: state.buffer + text, firstAt: state.firstAt, lastAt: at, ...framed };
}

/**
 * When the caller must tick next (an idle end or abandonment may be due), or null when nothing
 * is pending.
 */
export function wedgeDeadline(state: WedgeState, options: WedgeOptions = WEDGE_DEFAULTS): number | null {
  if (state.buffer === '') return null;
  if (!isScannerSpeed(state, options)) return state.lastAt + options.abandonMs;
  return state.lastAt + Math.max(options.idleMs, Math.ceil(3 * msPerChar(state)));
}

/** What an abandoned buffer leaves the worker to see: itself, when it is long enough to be a code. */
function unreadOf(state: WedgeState, options: WedgeOptions): string | undefined {
  const text = [...state.buffer]
    .filter((char) => char === GS || !isControl(char))
    .join('')
    .trim();
  return text.length >= options.minLength ? text : undefined;
}

/**
 * One step of keyboard-wedge assembly. Enter or Tab ends a scan; a scanner-speed burst also
 * ends after `idleMs` of silence, even when the next key already arrived (the caller's timer
 * may fire late on a busy device). Slow typing ends only with Enter, so a worker typing a code
 * on a keypad is never cut into pieces.
 */
export function wedgeStep(
  state: WedgeState,
  event: WedgeEvent,
  options: WedgeOptions = WEDGE_DEFAULTS,
): WedgeStep {
  if (event.type === 'tick') {
    const deadline = wedgeDeadline(state, options);
    if (deadline === null || event.at < deadline) return { state, scan: null, consumed: false };
    if (isScannerSpeed(state, options))
      return { state: WEDGE_IDLE, scan: finish(state, 'idle', event.at, options), consumed: false };
    const unread = unreadOf(state, options);
    return { state: WEDGE_IDLE, scan: null, consumed: false, ...(unread ? { unread } : {}) };
  }
  if (event.type === 'text') {
    // The text the input received since the last event (the listener empties it each time), so
    // keys already taken from keydown events are kept; an STX inside starts the scan over.
    let value = event.value;
    let current = state;
    const stx = value.lastIndexOf(STX);
    if (stx !== -1) {
      value = value.slice(stx + 1);
      current = { ...WEDGE_IDLE, isFramed: true, firstAt: event.at, lastAt: event.at };
    }
    const ended = TERMINATORS.has(value.slice(-1));
    const next = append(current, value, event.at);
    if (!ended) return { state: next, scan: null, consumed: false };
    const endedBy = value.endsWith('\t') ? 'tab' : value.endsWith(ETX) ? 'etx' : 'enter';
    return { state: WEDGE_IDLE, scan: finish(next, endedBy, event.at, options), consumed: true };
  }

  // A burst that went quiet is a complete scan, whatever comes next.
  let pending: WedgeScan | null = null;
  let current = state;
  const deadline = wedgeDeadline(state, options);
  if (deadline !== null && event.at >= deadline) {
    pending = isScannerSpeed(state, options) ? finish(state, 'idle', event.at, options) : null;
    current = WEDGE_IDLE;
  }

  // STX (as a character, or Ctrl+B as wedge scanners send it) opens a framed scan.
  if (event.key === STX || (event.ctrlKey && (event.key === 'b' || event.key === 'B'))) {
    return {
      state: { ...WEDGE_IDLE, isFramed: true, firstAt: event.at, lastAt: event.at },
      scan: pending,
      consumed: true,
    };
  }
  const isEtx =
    event.key === ETX ||
    (current.isFramed === true && event.ctrlKey === true && (event.key === 'c' || event.key === 'C'));
  if (event.key === 'Enter' || event.key === 'Tab' || isEtx) {
    // A late suffix after a burst that already ended still belongs to that scan.
    if (current.buffer === '')
      return { state: WEDGE_IDLE, scan: pending, consumed: pending !== null || isEtx };
    const endedBy = isEtx ? 'etx' : event.key === 'Enter' ? 'enter' : 'tab';
    const scan = finish(current, endedBy, event.at, options);
    return { state: WEDGE_IDLE, scan, consumed: true };
  }
  if (event.ctrlKey && event.key === ']') {
    return { state: append(current, GS, event.at), scan: pending, consumed: true };
  }
  // 'Unidentified' comes from the IME path: its text arrives as a 'text' event instead.
  // Alt is allowed: the Zebra MC3300x sets it on every scanned character (docs/research/pda-offline.md §1.2).
  if (event.ctrlKey || event.metaKey || event.key.length !== 1) {
    return { state: current, scan: pending, consumed: false };
  }
  // A GS typed as a character is the GS1 separator; other control characters are noise.
  if (event.key !== GS && isControl(event.key)) return { state: current, scan: pending, consumed: true };
  return { state: append(current, event.key, event.at), scan: pending, consumed: true };
}
