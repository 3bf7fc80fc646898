/**
 * The Coupang Open API connector. Coupang has no OAuth and no redirect: the seller types the
 * vendor id and the access and secret keys issued in WING, which sign every call (sign.ts); the
 * grant keeps them in `extra` and never expires on our side (Coupang retires keys itself, which
 * reads as 'revoked').
 *
 * Coupang lists orders by creation day and box status, not by update time:
 * `GET …/vendors/{vendorId}/ordersheets?createdAtFrom&createdAtTo&status&maxPerPage&nextToken`
 * (KST days, at most 31 days apart, `status` required, 50 per page). So one sync window is a
 * series of listings, one per status in lifecycle order (ACCEPT, INSTRUCT, DEPARTURE,
 * NONE_TRACKING, DELIVERING, FINAL_DELIVERY; a box only moves forward, so one that moves while
 * we page is met again in a later listing, never lost), then cancellations, which leave the
 * status listings and come from `GET …/returnRequests?cancelType=CANCEL` (the portal's
 * "Return/Cancellation request list"), each cancelled order read whole by its orderId unless we
 * hold it as of its receipt's time already. The cursor says which listing and which nextToken:
 * opaque to the caller, and a failed page is retried with the same cursor.
 *
 * What the window means for Coupang: a sheet belongs to the window that holds its payment time
 * (the sheet is made when the order is paid; the days are filtered to the exact instant here),
 * a cancellation to the window that holds its receipt. The sync's overlap therefore overlaps
 * payment and cancellation times; a later status change of an order paid in an earlier window
 * (INSTRUCT → DEPARTURE …) is not listed again: the sync re-reads the shop's open orders with
 * getOrders, up to `openOrderRereads` a run, the longest unchecked first (sync.service.ts).
 * Coupang documents no webhooks: verifyWebhook always answers null. Coupang issues no label: the
 * seller ships with a domestic courier and uploads its invoice number (invoice.ts).
 */
import {
  MarketplaceError,
  type AppConfig,
  type CallContext,
  type Connector,
  type ListInput,
  type MarketplaceOrder,
  type ShopGrant,
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
import { pushCoupangInvoice } from './invoice.js';
import { kstDate, parseKst } from './kst.js';
import { COUPANG_SHEET_STATUSES, normaliseCoupangSheets, type CoupangSheetStatus } from './normalise.js';

const DAY_MS = 86_400_000;
/** Coupang's longest ordersheets listing: 31 days. */
const MAX_WINDOW_MS = 31 * DAY_MS;
/** Orders read by id at once (readOrders). */
const ORDER_READS_AT_ONCE = 4;
/**
 * How often one read by id refused for the rate (about ten calls a second per vendor) waits and
 * asks again, and how long it waits when Coupang names no time: a page of up to 50 reads outruns
 * the limit, and failing it whole would spend the same calls again on every retry.
 */
const READ_RETRIES = 20;
const READ_WAIT_MS = 1_000;
/** Coupang's largest page (maxPerPage, default and maximum 50). */
const PAGE_SIZE = '50';
/**
 * Open orders a sync re-reads by number (one call each: Coupang publishes no rate limit, so a run
 * stays modest); every open order is re-read in turn across runs.
 */
const OPEN_ORDER_REREADS = 200;

type Phase = CoupangSheetStatus | 'CANCEL';
const PHASES: readonly Phase[] = [...COUPANG_SHEET_STATUSES, 'CANCEL'];

interface Position {
  phase: Phase;
  token: string;
}

function writeCursor(position: Position): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

function readCursor(cursor: string): Position {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (isRecord(parsed) && isString(parsed.token)) {
      const phase = PHASES.find((candidate) => candidate === parsed.phase);
      if (phase) return { phase, token: parsed.token };
    }
  } catch {
    // fall through to the refusal below
  }
  throw new MarketplaceError('rejected', 'not a Coupang order cursor');
}

/** The position after a listing's last page: the next listing's first page, or the end. */
function after(phase: Phase): Position | null {
  const next = PHASES[PHASES.indexOf(phase) + 1];
  return next ? { phase: next, token: '' } : null;
}

function nextTokenOf(body: Record<string, unknown>): string {
  if (isString(body.nextToken)) return body.nextToken;
  return isNumber(body.nextToken) ? String(body.nextToken) : '';
}

type Call = CoupangCall & Pick<CallContext, 'sleep'>;

function callOf(ctx: CallContext): Call {
  return {
    fetch: ctx.fetch,
    now: ctx.now(),
    apiUrl: ctx.app.apiUrl,
    keys: coupangKeysOf(ctx.grant),
    ...(ctx.sleep ? { sleep: ctx.sleep } : {}),
  };
}

/** One order's sheets by id; a read refused for the rate waits and asks again (READ_RETRIES). */
async function readOrder(call: Call, orderNo: string): Promise<unknown[]> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return (await coupangOrderSheets(call, orderNo)) ?? [];
    } catch (error) {
      const isRateLimited = error instanceof MarketplaceError && error.code === 'rate_limited';
      if (!isRateLimited || !call.sleep || attempt >= READ_RETRIES) throw error;
      await call.sleep(error.detail.retryAfterMs ?? READ_WAIT_MS);
    }
  }
}

/** Whole orders by number, in the order asked, unknown ones left out. */
async function readOrders(
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
    for (let index = next++; index < numbers.length; index = next++)
      found[index] = await readOrder(call, numbers[index] ?? '');
  };
  await Promise.all(Array.from({ length: Math.min(ORDER_READS_AT_ONCE, numbers.length) }, reader));
  return normaliseCoupangSheets(found.flat(), changedAt);
}

async function listSheets(
  call: Call,
  window: { from: number; to: number },
  position: Position & { phase: CoupangSheetStatus },
): Promise<{ orders: MarketplaceOrder[]; nextToken: string }> {
  const body = await coupangGet({
    ...call,
    path: `${coupangVendorPath(call.keys.vendorId)}/ordersheets`,
    query: coupangQuery([
      ['createdAtFrom', kstDate(window.from)],
      ['createdAtTo', kstDate(window.to - 1)],
      ['maxPerPage', PAGE_SIZE],
      ...(position.token ? ([['nextToken', position.token]] as const) : []),
      ['status', position.phase],
    ]),
  });
  if (!body) throw new MarketplaceError('malformed', 'Coupang: no ordersheets reply');
  const sheets = field(body.data, isArray, 'data');
  // The listing is by whole KST days; the window is an instant range, so sheets paid outside it
  // (earlier or later the same day) belong to a neighbouring window.
  const inWindow = sheets.filter((sheet) => {
    if (!isRecord(sheet)) return true;
    const at = parseKst(sheet.paidAt) ?? parseKst(sheet.orderedAt);
    return at === null || (at >= window.from && at < window.to);
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
  return { orders: [...whole, ...(await readOrders(call, [...split]))], nextToken: nextTokenOf(body) };
}

async function listCancellations(
  call: Call,
  window: { from: number; to: number },
  token: string,
  known: ListInput['known'],
): Promise<{ orders: MarketplaceOrder[]; knownCount: number; nextToken: string }> {
  const body = await coupangGet({
    ...call,
    path: `${coupangVendorPath(call.keys.vendorId)}/returnRequests`,
    query: coupangQuery([
      ['cancelType', 'CANCEL'],
      ['createdAtFrom', kstDate(window.from)],
      ['createdAtTo', kstDate(window.to - 1)],
      ['maxPerPage', PAGE_SIZE],
      ...(token ? ([['nextToken', token]] as const) : []),
    ]),
  });
  if (!body) throw new MarketplaceError('malformed', 'Coupang: no returnRequests reply');
  const changedAt = new Map<string, number>();
  for (const receipt of field(body.data, isArray, 'data')) {
    if (!isRecord(receipt))
      throw new MarketplaceError('malformed', 'Coupang: a cancellation receipt is not an object');
    const orderNo = isNumber(receipt.orderId) || isString(receipt.orderId) ? String(receipt.orderId) : '';
    const createdAt = parseKst(receipt.createdAt);
    if (!/^\d+$/.test(orderNo) || createdAt === null)
      throw new MarketplaceError('malformed', 'Coupang: a cancellation receipt lacks orderId or createdAt');
    if (createdAt < window.from || createdAt >= window.to) continue;
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
    orders: await readOrders(call, toRead, changedAt),
    knownCount: changedAt.size - toRead.length,
    nextToken: nextTokenOf(body),
  };
}

function noRedirect(): never {
  throw new MarketplaceError(
    'rejected',
    'Coupang has no authorisation redirect: the seller enters the vendor id and Open API keys',
  );
}

export const coupangConnector: Connector = {
  platform: 'coupang',
  authorisation: 'keys',
  logistics: 'seller',
  maxWindowMs: MAX_WINDOW_MS,
  openOrderRereads: OPEN_ORDER_REREADS,

  /** Coupang has no redirect flow: always 'rejected' (use connectWithKeys). */
  authoriseUrl(): string {
    return noRedirect();
  },

  /** Coupang has no redirect flow: always 'rejected' (use connectWithKeys). */
  async exchangeCode(): Promise<ShopGrant> {
    return noRedirect();
  },

  /**
   * Checks the typed vendor id and keys with one cheap signed call (today's first paid sheet)
   * and keeps them as the grant: no access token, nothing that expires on our side.
   */
  async connectWithKeys(app: AppConfig, input): Promise<ShopGrant> {
    const keys = {
      vendorId: (input.keys.vendorId ?? '').trim(),
      accessKey: (input.keys.accessKey ?? '').trim(),
      secretKey: (input.keys.secretKey ?? '').trim(),
    };
    if (!keys.vendorId || !keys.accessKey || !keys.secretKey)
      throw new MarketplaceError(
        'rejected',
        'Coupang needs the vendor id, the access key and the secret key',
      );
    const today = kstDate(input.now.getTime());
    await coupangGet({
      fetch: input.fetch,
      now: input.now,
      apiUrl: app.apiUrl,
      keys,
      path: `${coupangVendorPath(keys.vendorId)}/ordersheets`,
      query: coupangQuery([
        ['createdAtFrom', today],
        ['createdAtTo', today],
        ['maxPerPage', '1'],
        ['status', 'ACCEPT'],
      ]),
    });
    return {
      platformShopId: keys.vendorId,
      shopName: keys.vendorId,
      accessToken: '',
      refreshToken: '',
      accessExpiresAt: null,
      refreshExpiresAt: null,
      extra: { ...keys },
    };
  },

  /** Coupang keys are not refreshed: the grant comes back unchanged. */
  async refreshGrant(ctx: CallContext): Promise<ShopGrant> {
    return ctx.grant;
  },

  /**
   * One page of the window's orders: the listing and nextToken the cursor names (see the file's
   * opening comment for what the window means on Coupang). Refuses a window over 31 days.
   */
  async listOrders(ctx, input) {
    const window = { from: input.updatedFrom.getTime(), to: input.updatedTo.getTime() };
    if (window.to - window.from > MAX_WINDOW_MS)
      throw new MarketplaceError('rejected', 'a Coupang listing spans at most 31 days');
    if (window.to <= window.from) return { orders: [], nextCursor: null };
    const position = input.cursor ? readCursor(input.cursor) : { phase: PHASES[0] ?? 'CANCEL', token: '' };
    const call = callOf(ctx);
    const { phase } = position;
    const page =
      phase === 'CANCEL'
        ? await listCancellations(call, window, position.token, input.known)
        : { knownCount: 0, ...(await listSheets(call, window, { phase, token: position.token })) };
    if (page.nextToken !== '' && page.nextToken === position.token)
      throw new MarketplaceError('malformed', 'Coupang: nextToken did not move');
    const next = page.nextToken !== '' ? { phase, token: page.nextToken } : after(phase);
    return {
      orders: page.orders,
      ...(page.knownCount > 0 ? { knownCount: page.knownCount } : {}),
      nextCursor: next ? writeCursor(next) : null,
    };
  },

  /** The named orders, whole (every box), read one by one by orderId; unknown ones left out. */
  async getOrders(ctx, orderNos) {
    return readOrders(callOf(ctx), orderNos);
  },

  /** Uploads our carrier's invoice number for the order's boxes (invoice.ts). */
  async pushTracking(ctx, input) {
    return pushCoupangInvoice(callOf(ctx), input);
  },

  /** Coupang documents no webhooks: nothing is ever verified. */
  verifyWebhook() {
    return null;
  },
};
