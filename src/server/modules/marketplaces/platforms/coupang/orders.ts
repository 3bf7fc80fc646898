/**
 * Coupang's orders. Coupang lists them by creation day and box status, not by update time:
 * `GET …/vendors/{vendorId}/ordersheets?createdAtFrom&createdAtTo&status&maxPerPage&nextToken`
 * (KST days, at most 31 days apart, `status` required, 50 per page). So a window is a series of
 * listings, one per status in lifecycle order (ACCEPT, INSTRUCT, DEPARTURE, NONE_TRACKING,
 * DELIVERING, FINAL_DELIVERY; a box only moves forward, so one that moves while we page is met
 * again in a later listing, never lost), then cancellations, which leave the status listings and
 * come from `GET …/returnRequests?cancelType=CANCEL` (the portal's "Return/Cancellation request
 * list"), each cancelled order read whole by its orderId unless we hold it as of its receipt's
 * time already.
 *
 * A window of several days is cut into parts of whole KST days (up to four), each walked through
 * the same series side by side: a sheet stays on the day it was paid, so each part keeps the
 * series' guarantee, and a long window is not one chain of a listing call after another. One page
 * of ours is a listing page of each part not done. The cursor says where each part stands (which
 * listing and which nextToken): opaque to the caller, and a failed page is retried with the same
 * cursor.
 *
 * What the window means for Coupang: a sheet belongs to the window that holds its payment time
 * (the sheet is made when the order is paid; the days are filtered to the exact instant here),
 * a cancellation to the window that holds its receipt. A later status change of an order paid in
 * an earlier window is not listed again: the sync re-reads open orders (connector.ts).
 */
import {
  MarketplaceError,
  type CallContext,
  type ListInput,
  type MarketplaceOrder,
  type OrderPage,
} from '../../connector.js';
import { field, isArray, isNumber, isRecord, isString } from '../../http.js';
import {
  coupangGet,
  coupangKeysOf,
  coupangOrderSheets,
  coupangQuery,
  coupangVendorPath,
  type CoupangCall,
} from './client.js';
import { kstDate, kstDayStart, parseKst } from './kst.js';
import { COUPANG_SHEET_STATUSES, normaliseCoupangSheets, type CoupangSheetStatus } from './normalise.js';

const DAY_MS = 86_400_000;
/** Coupang's longest ordersheets listing: 31 days. */
export const COUPANG_MAX_WINDOW_MS = 31 * DAY_MS;
/** Coupang's largest page (maxPerPage, default and maximum 50). */
const PAGE_SIZE = '50';
/**
 * A window is walked in one part per three of its KST days, at most this many side by side (a
 * window of a day or two, as a scheduled sync's, is one part): a page is then up to this many
 * listing calls at once.
 */
const PARTS_AT_MOST = 4;
const PART_DAYS = 3;
/** Orders read by id at once (readOrders). */
const ORDER_READS_AT_ONCE = 4;
/**
 * How often one call refused for the rate (about ten calls a second per vendor) waits and asks
 * again within a page of many calls, and how long it waits when Coupang names no time: failing
 * such a page whole would spend the same calls again on every retry.
 */
const PATIENCE = 20;
const RATE_WAIT_MS = 1_000;

type Phase = CoupangSheetStatus | 'CANCEL';
const PHASES: readonly Phase[] = [...COUPANG_SHEET_STATUSES, 'CANCEL'];

interface Position {
  phase: Phase;
  token: string;
}

/** An instant range [from, to) in milliseconds. */
interface Span {
  from: number;
  to: number;
}

function readPosition(value: unknown): Position | null {
  if (!isRecord(value) || !isString(value.token)) return null;
  const phase = PHASES.find((candidate) => candidate === value.phase);
  return phase ? { phase, token: value.token } : null;
}

/** Each part's position, null once the part is done. */
function writeCursor(parts: readonly (Position | null)[]): string {
  return Buffer.from(JSON.stringify({ parts }), 'utf8').toString('base64url');
}

/**
 * The parts' positions a cursor names. One written before windows were walked in parts (a single
 * {phase, token}) is its window's one part: a resume point stored then still resumes.
 */
function readCursor(cursor: string): (Position | null)[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const single = readPosition(parsed);
  if (single) return [single];
  if (isRecord(parsed) && isArray(parsed.parts)) {
    const parts = parsed.parts.map(readPosition);
    const isValid = parsed.parts.every((part, index) => part === null || parts[index] !== null);
    if (isValid && parts.length >= 1 && parts.length <= PARTS_AT_MOST && parts.some((part) => part !== null))
      return parts;
  }
  throw new MarketplaceError('rejected', 'not a Coupang order cursor');
}

/** The position after a listing's last page: the next listing's first page, or the end. */
function after(phase: Phase): Position | null {
  const next = PHASES[PHASES.indexOf(phase) + 1];
  return next ? { phase: next, token: '' } : null;
}

/** The window's KST days: the instant the first starts, and how many. */
function daysOf(window: Span): { start: number; count: number } {
  const start = kstDayStart(kstDate(window.from)) ?? window.from;
  const last = kstDayStart(kstDate(window.to - 1)) ?? window.to - 1;
  return { start, count: Math.round((last - start) / DAY_MS) + 1 };
}

/** How many parts a window is walked in (PARTS_AT_MOST). */
function partCount(window: Span): number {
  return Math.max(1, Math.min(PARTS_AT_MOST, Math.floor(daysOf(window).count / PART_DAYS)));
}

/** The window's part `index` of `count`: whole KST days (Korea keeps no daylight saving), cut at the window's ends. */
function partOf(window: Span, index: number, count: number): Span {
  const days = daysOf(window);
  const first = Math.floor((days.count * index) / count);
  const next = Math.floor((days.count * (index + 1)) / count);
  return {
    from: Math.max(window.from, days.start + first * DAY_MS),
    to: Math.min(window.to, days.start + next * DAY_MS),
  };
}

function nextTokenOf(body: Record<string, unknown>): string {
  if (isString(body.nextToken)) return body.nextToken;
  return isNumber(body.nextToken) ? String(body.nextToken) : '';
}

type Call = CoupangCall & Pick<CallContext, 'sleep'>;

export function coupangCallOf(ctx: CallContext): Call {
  return {
    fetch: ctx.fetch,
    now: () => ctx.now(),
    apiUrl: ctx.app.apiUrl,
    keys: coupangKeysOf(ctx.grant),
    ...(ctx.sleep ? { sleep: ctx.sleep } : {}),
  };
}

/** One call of a page of many: a refusal for the rate waits and asks again (PATIENCE); a bare call fails. */
async function patiently<T>(call: Call, send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const isRateLimited = error instanceof MarketplaceError && error.code === 'rate_limited';
      if (!isRateLimited || !call.sleep || attempt >= PATIENCE) throw error;
      await call.sleep(error.detail.retryAfterMs ?? RATE_WAIT_MS);
    }
  }
}

/** Whole orders by number, in the order asked, unknown ones left out. */
export async function readCoupangOrders(
  call: Call,
  orderNos: readonly string[],
  changedAt: ReadonlyMap<string, number> = new Map(),
): Promise<MarketplaceOrder[]> {
  const numbers = [...new Set(orderNos)].filter((orderNo) => /^\d+$/.test(orderNo));
  // Coupang reads an order by its id only: a page of cancellation receipts is read a few orders
  // at a time rather than one after another, each read waiting out a refusal for the rate.
  const found: unknown[][] = new Array<unknown[]>(numbers.length);
  let next = 0;
  const reader = async () => {
    for (let index = next++; index < numbers.length; index = next++) {
      const orderNo = numbers[index] ?? '';
      found[index] = (await patiently(call, () => coupangOrderSheets(call, orderNo))) ?? [];
    }
  };
  await Promise.all(Array.from({ length: Math.min(ORDER_READS_AT_ONCE, numbers.length) }, reader));
  return normaliseCoupangSheets(found.flat(), changedAt);
}

/** One listing call; `isPatient` when it is one of a page's several (patiently). */
function listingGet(call: Call, isPatient: boolean, path: string, query: string) {
  const send = () => coupangGet({ ...call, path: `${coupangVendorPath(call.keys.vendorId)}${path}`, query });
  return isPatient ? patiently(call, send) : send();
}

async function listSheets(
  call: Call,
  isPatient: boolean,
  part: Span,
  position: Position & { phase: CoupangSheetStatus },
): Promise<{ orders: MarketplaceOrder[]; nextToken: string }> {
  const body = await listingGet(
    call,
    isPatient,
    '/ordersheets',
    coupangQuery([
      ['createdAtFrom', kstDate(part.from)],
      ['createdAtTo', kstDate(part.to - 1)],
      ['maxPerPage', PAGE_SIZE],
      ...(position.token ? ([['nextToken', position.token]] as const) : []),
      ['status', position.phase],
    ]),
  );
  if (!body) throw new MarketplaceError('malformed', 'Coupang: no ordersheets reply');
  const sheets = field(body.data, isArray, 'data');
  // The listing is by whole KST days; the window is an instant range, so sheets paid outside it
  // (earlier or later the same day) belong to a neighbouring window.
  const inWindow = sheets.filter((sheet) => {
    if (!isRecord(sheet)) return true;
    const at = parseKst(sheet.paidAt) ?? parseKst(sheet.orderedAt);
    return at === null || (at >= part.from && at < part.to);
  });
  // A split order's other boxes may sit on another page or listing: read those orders whole.
  const split = new Set(
    inWindow
      .filter((sheet) => isRecord(sheet) && sheet.splitShipping === true)
      .map((sheet) => (isRecord(sheet) ? String(sheet.orderId) : '')),
  );
  const whole = normaliseCoupangSheets(
    inWindow.filter((sheet) => !(isRecord(sheet) && split.has(String(sheet.orderId)))),
  );
  return { orders: [...whole, ...(await readCoupangOrders(call, [...split]))], nextToken: nextTokenOf(body) };
}

async function listCancellations(
  call: Call,
  isPatient: boolean,
  part: Span,
  token: string,
  known: ListInput['known'],
): Promise<{ orders: MarketplaceOrder[]; knownCount: number; nextToken: string }> {
  const body = await listingGet(
    call,
    isPatient,
    '/returnRequests',
    coupangQuery([
      ['cancelType', 'CANCEL'],
      ['createdAtFrom', kstDate(part.from)],
      ['createdAtTo', kstDate(part.to - 1)],
      ['maxPerPage', PAGE_SIZE],
      ...(token ? ([['nextToken', token]] as const) : []),
    ]),
  );
  if (!body) throw new MarketplaceError('malformed', 'Coupang: no returnRequests reply');
  const changedAt = new Map<string, number>();
  for (const receipt of field(body.data, isArray, 'data')) {
    if (!isRecord(receipt))
      throw new MarketplaceError('malformed', 'Coupang: a cancellation receipt is not an object');
    const orderNo = isNumber(receipt.orderId) || isString(receipt.orderId) ? String(receipt.orderId) : '';
    const createdAt = parseKst(receipt.createdAt);
    if (!/^\d+$/.test(orderNo) || createdAt === null)
      throw new MarketplaceError('malformed', 'Coupang: a cancellation receipt lacks orderId or createdAt');
    if (createdAt < part.from || createdAt >= part.to) continue;
    const at = Math.max(createdAt, parseKst(receipt.modifiedAt) ?? 0);
    changedAt.set(orderNo, Math.max(at, changedAt.get(orderNo) ?? 0));
  }
  // A cancelled order is stored with its receipt's time as its update time (normaliseCoupangSheets):
  // one held at that time was read after this cancellation, and only the others are read again.
  const held = known
    ? await known([...changedAt].map(([orderNo, updatedAt]) => ({ orderNo, updatedAt })))
    : new Set<string>();
  const toRead = [...changedAt.keys()].filter((orderNo) => !held.has(orderNo));
  return {
    orders: await readCoupangOrders(call, toRead, changedAt),
    knownCount: changedAt.size - toRead.length,
    nextToken: nextTokenOf(body),
  };
}

/** The next page of one part's series of listings, and where the part stands after it. */
async function partPage(
  call: Call,
  isPatient: boolean,
  part: Span,
  position: Position,
  known: ListInput['known'],
): Promise<{ orders: MarketplaceOrder[]; knownCount: number; next: Position | null }> {
  const { phase } = position;
  const page =
    phase === 'CANCEL'
      ? await listCancellations(call, isPatient, part, position.token, known)
      : { knownCount: 0, ...(await listSheets(call, isPatient, part, { phase, token: position.token })) };
  if (page.nextToken !== '' && page.nextToken === position.token)
    throw new MarketplaceError('malformed', 'Coupang: nextToken did not move');
  return {
    orders: page.orders,
    knownCount: page.knownCount,
    next: page.nextToken !== '' ? { phase, token: page.nextToken } : after(phase),
  };
}

/**
 * One page of the window's orders: the next listing page of each part not done (see the file's
 * opening comment). Refuses a window over 31 days.
 */
export async function listCoupangOrders(ctx: CallContext, input: ListInput): Promise<OrderPage> {
  const window = { from: input.updatedFrom.getTime(), to: input.updatedTo.getTime() };
  if (window.to - window.from > COUPANG_MAX_WINDOW_MS)
    throw new MarketplaceError('rejected', 'a Coupang listing spans at most 31 days');
  if (window.to <= window.from) return { orders: [], nextCursor: null };
  const first: Position = { phase: PHASES[0] ?? 'CANCEL', token: '' };
  const positions = input.cursor
    ? readCursor(input.cursor)
    : Array.from({ length: partCount(window) }, () => first);
  const call = coupangCallOf(ctx);
  const isPatient = positions.filter((position) => position !== null).length > 1;
  const pages = await Promise.all(
    positions.map((position, index) =>
      position === null
        ? null
        : partPage(call, isPatient, partOf(window, index, positions.length), position, input.known),
    ),
  );
  const next = pages.map((page) => page?.next ?? null);
  const knownCount = pages.reduce((sum, page) => sum + (page?.knownCount ?? 0), 0);
  return {
    orders: pages.flatMap((page) => page?.orders ?? []),
    ...(knownCount > 0 ? { knownCount } : {}),
    nextCursor: next.some((position) => position !== null) ? writeCursor(next) : null,
  };
}
