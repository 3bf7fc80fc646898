/**
 * Shopee's orders: get_order_list by update_time names the orders of a window of at most 15 days,
 * 100 a call behind Shopee's opaque cursor; get_order_detail reads them, 50 order_sn a call.
 *
 * A window longer than a day is listed in parts side by side (its seconds cut in up to four
 * stretches, each paged by its own cursor), so a long window's listing is not one chain of a
 * call after another: one page of ours is a listing page of each part not done, with its
 * details. The listing gives no update_time, so the orders we hold from the window are read
 * first with the default fields only (update_time among them), and whole only when they changed
 * since; the others are read whole at once.
 */
import {
  MarketplaceError,
  normaliseUnknown,
  unknownOf,
  type CallContext,
  type ListInput,
  type MarketplaceOrder,
  type OrderPage,
} from '../../connector.js';
import { field, isArray, isRecord, isString } from '../../http.js';
import { SHOPEE_PATHS, callShopee } from './client.js';
import { listedShopeeOrder, normaliseShopeeOrder } from './normalise.js';

/** get_order_list refuses `time_to - time_from` over 15 days (order.order_list_invalid_time). */
export const SHOPEE_MAX_WINDOW_MS = 15 * 86_400_000;
/** get_order_list's page_size is 1-100; get_order_detail takes 1-50 order_sn. */
const LIST_PAGE_SIZE = 100;
const DETAIL_BATCH = 50;
/**
 * A window is listed in one part per day of it, at most this many side by side: a page is then up
 * to this many listing calls and twice as many detail calls at once. Shopee publishes no rate
 * (only error_rate_limit, which the sync waits out).
 */
const PARTS_AT_MOST = 4;
const PART_SECONDS = 86_400;
/** Detail fields beyond the defaults that normaliseShopeeOrder reads. */
const DETAIL_FIELDS = [
  'buyer_user_id',
  'buyer_username',
  'recipient_address',
  'item_list',
  'package_list',
  'shipping_carrier',
  'pay_time',
  'total_amount',
  'estimated_shipping_fee',
  'payment_method',
].join(',');

function shopOf(ctx: CallContext): { accessToken: string; shopId: string } {
  return { accessToken: ctx.grant.accessToken, shopId: ctx.grant.platformShopId };
}

/** Whole seconds, both ends inclusive, as get_order_list's time_from and time_to. */
interface Seconds {
  from: number;
  to: number;
}

/**
 * Our [from, to) in Shopee's whole seconds. Shopee's time_from/time_to are taken as inclusive
 * (undocumented; the SDKs pass them through), so the last second is to − 1 and two adjacent
 * windows never share a second.
 */
function windowSeconds(from: Date, to: Date): Seconds {
  return { from: Math.ceil(from.getTime() / 1000), to: Math.ceil(to.getTime() / 1000) - 1 };
}

/** The window's part `index` of `count`: adjacent stretches of whole seconds that share none. */
function partOf(window: Seconds, index: number, count: number): Seconds {
  const span = window.to - window.from + 1;
  return {
    from: window.from + Math.floor((span * index) / count),
    to: window.from + Math.floor((span * (index + 1)) / count) - 1,
  };
}

/**
 * Where the listing of a window stands: per part, Shopee's next_cursor ('' before its first
 * page), null once the part is done. The number of parts is the window's, fixed at its first page.
 */
interface ShopeeCursor extends Seconds {
  parts: (string | null)[];
}

function encodeCursor(cursor: ShopeeCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

const isPosition = (value: unknown): value is string | null => value === null || isString(value);

/**
 * The cursor of this window. One written before windows were listed in parts ({from, to, next})
 * is its one part: a resume point stored then still resumes.
 */
function decodeCursor(text: string, window: Seconds): ShopeeCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!isRecord(parsed) || parsed.from !== window.from || parsed.to !== window.to)
    throw new MarketplaceError('rejected', 'the cursor does not belong to this window');
  if (isString(parsed.next)) return { ...window, parts: [parsed.next] };
  const { parts } = parsed;
  if (
    !isArray(parts) ||
    parts.length < 1 ||
    parts.length > PARTS_AT_MOST ||
    !parts.every(isPosition) ||
    parts.every((part) => part === null)
  )
    throw new MarketplaceError('rejected', 'the cursor does not belong to this window');
  return { ...window, parts };
}

/** One get_order_list page of a part: the order_sn it names and the part's next position. */
async function listPart(
  ctx: CallContext,
  part: Seconds,
  cursor: string,
): Promise<{ orderNos: string[]; next: string | null }> {
  const body = await callShopee({
    app: ctx.app,
    fetch: ctx.fetch,
    now: ctx.now(),
    method: 'GET',
    path: SHOPEE_PATHS.orderList,
    shop: shopOf(ctx),
    query: {
      time_range_field: 'update_time',
      time_from: String(part.from),
      time_to: String(part.to),
      page_size: String(LIST_PAGE_SIZE),
      cursor,
      response_optional_fields: 'order_status',
    },
  });
  const response = field(body.response, isRecord, 'get_order_list response');
  const list = field(response.order_list, isArray, 'get_order_list order_list');
  const orderNos = list.map((entry) =>
    field(isRecord(entry) ? entry.order_sn : undefined, isString, 'get_order_list order_sn'),
  );
  const more = response.more === true;
  const next = isString(response.next_cursor) ? response.next_cursor : '';
  if (more && next === '')
    throw new MarketplaceError('malformed', 'get_order_list says more but gives no next_cursor');
  return { orderNos, next: more ? next : null };
}

/**
 * One get_order_detail call with these optional fields ('': the defaults only, order_sn,
 * order_status, update_time and the like); null when Shopee says one of the orders is not found.
 */
async function detailBatch(
  ctx: CallContext,
  orderNos: readonly string[],
  fields: string,
): Promise<unknown[] | null> {
  try {
    const body = await callShopee({
      app: ctx.app,
      fetch: ctx.fetch,
      now: ctx.now(),
      method: 'GET',
      path: SHOPEE_PATHS.orderDetail,
      shop: shopOf(ctx),
      query: { order_sn_list: orderNos.join(','), ...(fields ? { response_optional_fields: fields } : {}) },
    });
    const response = field(body.response, isRecord, 'get_order_detail response');
    return field(response.order_list, isArray, 'get_order_detail order_list');
  } catch (error) {
    if (error instanceof MarketplaceError && error.detail.platformCode?.endsWith('error_not_found'))
      return null;
    throw error;
  }
}

/**
 * get_order_detail for the named orders, 50 per call, the calls side by side. Shopee refuses a
 * whole batch when one order_sn is unknown (error_not_found), so such a batch is asked again one
 * order at a time and the unknown ones are left out.
 */
async function readDetails(
  ctx: CallContext,
  orderNos: readonly string[],
  fields: string,
): Promise<unknown[]> {
  const batches: string[][] = [];
  for (let start = 0; start < orderNos.length; start += DETAIL_BATCH)
    batches.push(orderNos.slice(start, start + DETAIL_BATCH));
  const read = await Promise.all(
    batches.map(async (batch) => {
      const found = await detailBatch(ctx, batch, fields);
      if (found) return found;
      const raws: unknown[] = [];
      for (const orderNo of batch) {
        const single = await detailBatch(ctx, [orderNo], fields);
        if (single) raws.push(...single);
      }
      return raws;
    }),
  );
  return read.flat();
}

function orderNoOf(raw: unknown): string {
  return field(isRecord(raw) ? raw.order_sn : undefined, isString, 'get_order_detail order_sn');
}

/**
 * The named orders, whole, but for those `known` holds at their update_time: counted, not
 * normalised. Those `heldInWindow` names are first read with the default fields only, and whole
 * only those `known` then does not hold; the others are read whole at once, beside that look.
 */
async function orderDetails(
  ctx: CallContext,
  orderNos: readonly string[],
  input: Pick<ListInput, 'known' | 'heldInWindow'> = {},
): Promise<{ orders: MarketplaceOrder[]; knownCount: number }> {
  const unique = [...new Set(orderNos)];
  const held = input.known && input.heldInWindow ? input.heldInWindow(unique) : new Set<string>();
  const [looks, whole] = await Promise.all([
    readDetails(
      ctx,
      unique.filter((orderNo) => held.has(orderNo)),
      '',
    ),
    readDetails(
      ctx,
      unique.filter((orderNo) => !held.has(orderNo)),
      DETAIL_FIELDS,
    ),
  ]);
  const looked = await unknownOf(looks, listedShopeeOrder, input.known);
  const [changed, fresh] = await Promise.all([
    readDetails(ctx, looked.unknown.map(orderNoOf), DETAIL_FIELDS),
    normaliseUnknown(whole, listedShopeeOrder, input.known, normaliseShopeeOrder),
  ]);
  return {
    orders: [...changed.map(normaliseShopeeOrder), ...fresh.orders],
    knownCount: looked.knownCount + fresh.knownCount,
  };
}

/**
 * One page of the window's orders: a listing page of each of its parts not done, read as
 * orderDetails says. The cursor carries the window and each part's next_cursor, so a failed page
 * is asked again with the cursor it was given.
 */
export async function listShopeeOrders(ctx: CallContext, input: ListInput): Promise<OrderPage> {
  const span = input.updatedTo.getTime() - input.updatedFrom.getTime();
  if (span <= 0) return { orders: [], nextCursor: null };
  if (span > SHOPEE_MAX_WINDOW_MS)
    throw new MarketplaceError('rejected', 'the window is longer than Shopee allows (15 days)');
  const window = windowSeconds(input.updatedFrom, input.updatedTo);
  if (window.to < window.from) return { orders: [], nextCursor: null };
  const count = Math.min(PARTS_AT_MOST, Math.ceil((window.to - window.from + 1) / PART_SECONDS));
  const { parts } =
    input.cursor === null
      ? { parts: Array.from({ length: count }, () => '') }
      : decodeCursor(input.cursor, window);
  const pages = await Promise.all(
    parts.map(async (cursor, index) => {
      if (cursor === null) return null;
      // get_order_list names the orders only: their update_time comes with the details.
      const listed = await listPart(ctx, partOf(window, index, parts.length), cursor);
      return { next: listed.next, ...(await orderDetails(ctx, listed.orderNos, input)) };
    }),
  );
  const next = pages.map((page) => page?.next ?? null);
  const knownCount = pages.reduce((sum, page) => sum + (page?.knownCount ?? 0), 0);
  return {
    orders: pages.flatMap((page) => page?.orders ?? []),
    ...(knownCount > 0 ? { knownCount } : {}),
    nextCursor: next.some((part) => part !== null) ? encodeCursor({ ...window, parts: next }) : null,
  };
}

/** get_order_detail for the named orders, whole; unknown order_sn are left out. */
export async function getShopeeOrders(
  ctx: CallContext,
  orderNos: readonly string[],
): Promise<MarketplaceOrder[]> {
  return (await orderDetails(ctx, orderNos)).orders;
}
