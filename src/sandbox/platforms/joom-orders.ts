/**
 * The Joom imitation's orders: world orders rendered as Joom v3 Order objects, and the two v3
 * order routes (`GET /api/v3/orders/multi`, `GET /api/v3/orders?id=`) with Joom's bearer check,
 * `after`-token paging and `{errors: [...]}` refusals. THIRD-PARTY SOURCES ONLY.
 *
 * Joom sells one product variant per order, so a world order of several lines is rendered as
 * several Joom orders: line 0 keeps the world's id, line k ≥ 1 swaps the id's first character
 * for the k-th letter (still Joom's `^[A-Z\d]{8}$`). World orders still unpaid are not listed:
 * Joom shows a merchant an order only once it has approved the payment.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CURRENCY_DECIMALS } from '@shared/domain/order.js';
import {
  SANDBOX_DAY_MS,
  splitAmount,
  type SandboxAmounts,
  type SandboxOrder,
  type SandboxStatus,
} from '../world-model.js';
import { type World } from '../world.js';
import {
  JOOM_AUTH_CODES,
  JOOM_MAX_INTERVAL_MS,
  JOOM_MAX_PAGE,
  JOOM_PATHS,
  joomPrice,
  presentedBearer,
} from './joom-spec.js';

/** The world's neutral lifecycle in Joom's states; null: not shown to the merchant. */
const JOOM_STATE: Readonly<Record<SandboxStatus, string | null>> = {
  unpaid: null,
  ready_to_ship: 'approved',
  processed: 'fulfilledOnline',
  shipped: 'shipped',
  // Joom has no delivered state: shipped is the last one.
  completed: 'shipped',
  // Joom surfaces no buyer cancellation request: the order stays approved until cancelled.
  in_cancel: 'approved',
  cancelled: 'cancelled',
};

/** The Joom order id of a world order's line (see the file's note). */
export function joomOrderId(order: SandboxOrder, lineIndex: number): string {
  if (lineIndex === 0) return order.orderId;
  return `${String.fromCharCode(64 + lineIndex)}${order.orderId.slice(1)}`;
}

/**
 * The amounts of each Joom order a world order becomes (one per line): its line's price and an
 * equal part of the shipping fee (the remainder on the first). Joom states no discount, so the
 * world gives Joom orders none (world.ts) and one set by hand does not show.
 */
export function joomOrderAmounts(order: SandboxOrder): SandboxAmounts[] {
  const shipping = splitAmount(
    order.amounts.shipping,
    order.lines.map(() => 1),
  );
  return order.lines.map(({ item, quantity }, index) => {
    const share = shipping[index] ?? 0;
    return { total: item.unitPrice * quantity + share, shipping: share, discount: 0 };
  });
}

/** A world order as the Joom orders it becomes, one per line, in the v3 Order shape. */
export function renderJoomOrders(order: SandboxOrder): Record<string, unknown>[] {
  const status = JOOM_STATE[order.status];
  if (status === null) return [];
  const decimals = CURRENCY_DECIMALS[order.currency];
  const iso = (ms: number) => new Date(ms).toISOString();
  const amounts = joomOrderAmounts(order);
  return order.lines.map(({ item, quantity }, index) => ({
    id: joomOrderId(order, index),
    status,
    currency: order.currency,
    orderTimestamp: iso(order.createdAt),
    updateTimestamp: iso(order.updatedAt),
    ...(order.paidAt === null ? {} : { approvedTimestamp: iso(order.paidAt) }),
    quantity,
    ...(order.shipBy === null
      ? {}
      : { daysToFulfill: Math.round((order.shipBy - order.createdAt) / SANDBOX_DAY_MS) }),
    priceInfo: {
      unitPrice: joomPrice(item.unitPrice, decimals),
      orderPrice: joomPrice(item.unitPrice * quantity, decimals),
      shippingPrice: joomPrice(amounts[index]?.shipping ?? 0, decimals),
    },
    product: {
      id: item.itemId,
      sku: item.sellerSku,
      name: item.title,
      variant: { id: item.variationId, sku: item.sellerSku, gtin: item.barcode },
    },
    shippingAddress: {
      name: order.address.name,
      phoneNumber: order.address.phone,
      email: order.buyer.email,
      country: order.address.country,
      state: order.address.region,
      city: order.address.city,
      street: order.address.line1,
      zipCode: order.address.postcode,
    },
    shippingOption: { tierName: 'Standard', warehouseType: 'merchant' },
    ...(order.trackingNo === ''
      ? {}
      : { shipment: { provider: order.carrier, trackingNumber: order.trackingNo } }),
    storeId: order.shopId,
  }));
}

/** A v3 refusal: the HTTP status and `{errors: [{code, field?, message}]}`. */
export function errors(reply: FastifyReply, status: number, code: string, message: string, field?: string) {
  return reply.code(status).send({ errors: [{ code, ...(field ? { field } : {}), message }] });
}

/** The shop a v3 call's bearer token stands for, or the 401 Joom answers (null). */
export function shopOfCall(world: World, request: FastifyRequest, reply: FastifyReply): string | null {
  const token = presentedBearer(request.headers.authorization);
  const checked =
    token === null ? ({ refused: 'invalid' } as const) : world.auth.checkToken('joom', token, 'access');
  if ('shopId' in checked) return checked.shopId;
  if (checked.refused === 'expired') errors(reply, 401, JOOM_AUTH_CODES.expired, 'Access token has expired');
  else if (checked.refused === 'revoked')
    errors(reply, 401, JOOM_AUTH_CODES.revoked, 'Access token has been revoked');
  else errors(reply, 401, JOOM_AUTH_CODES.invalid, 'Invalid access token');
  return null;
}

/** A query time as the v3 docs accept it: RFC 3339, or the shorter 2006-01-02T15:04:05 and 2006-01-02 (UTC). */
function queryTime(text: string): number | null {
  const full = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? `${text}T00:00:00Z`
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text)
      ? `${text}Z`
      : text;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(full)) return null;
  const at = Date.parse(full);
  return Number.isNaN(at) ? null : at;
}

/** Where a listing stands: its window and status filter, and the last order given (updatedAt, id). */
interface Place {
  from: number;
  to: number;
  status: string;
  at: number;
  id: string;
}

const encodePlace = (place: Place) => Buffer.from(JSON.stringify(place), 'utf8').toString('base64url');

function decodePlace(token: string): Place | null {
  try {
    const place: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof place !== 'object' || place === null) return null;
    const { from, to, status, at, id } = place as Record<string, unknown>;
    if (typeof from !== 'number' || typeof to !== 'number' || typeof at !== 'number') return null;
    if (typeof status !== 'string' || typeof id !== 'string') return null;
    return { from, to, status, at, id };
  } catch {
    return null;
  }
}

export type JoomQuery = Record<string, string | undefined>;

/** `GET /api/v3/orders/multi`: orders updated in [updatedFrom, updatedTo), oldest first, paged by `after`. */
export function joomListOrders(world: World, request: FastifyRequest, reply: FastifyReply) {
  const shopId = shopOfCall(world, request, reply);
  if (shopId === null) return reply;
  const query = request.query as JoomQuery;
  const limitText = query.limit ?? '100';
  if (!/^\d+$/.test(limitText) || Number(limitText) < 1)
    return errors(
      reply,
      400,
      'invalid_argument',
      `Invalid argument \`limit\`: expected positive integer, got \`${limitText}\``,
      'limit',
    );
  // "Even if the query parameter limit exceeds 500, the response will contain no more than 500 items."
  const limit = Math.min(Number(limitText), JOOM_MAX_PAGE);
  let place: Place;
  if (query.after !== undefined) {
    const decoded = decodePlace(query.after);
    if (!decoded)
      return errors(reply, 400, 'invalid_argument', 'Invalid argument `after`: malformed token', 'after');
    place = decoded;
  } else {
    const now = world.now();
    const bounds: number[] = [];
    for (const [name, fallback] of [
      ['updatedFrom', now - JOOM_MAX_INTERVAL_MS],
      ['updatedTo', now],
    ] as const) {
      const text = query[name];
      const at = text === undefined ? fallback : queryTime(text);
      if (at === null)
        return errors(
          reply,
          400,
          'invalid_argument',
          `Invalid argument \`${name}\`: expected date/time, got \`${text ?? ''}\``,
          name,
        );
      bounds.push(at);
    }
    const [from = 0, to = 0] = bounds;
    if (to < from)
      return errors(
        reply,
        400,
        'invalid_argument',
        'Invalid argument `updatedTo`: must not precede updatedFrom',
        'updatedTo',
      );
    // [UNCONFIRMED] no document gives a cap: the sandbox's 30 days (joom-spec.ts).
    if (to - from > JOOM_MAX_INTERVAL_MS)
      return errors(
        reply,
        400,
        'invalid_argument',
        'Invalid argument `updatedTo`: the interval may not exceed 30 days',
        'updatedTo',
      );
    place = { from, to, status: query.status ?? '', at: Number.NEGATIVE_INFINITY, id: '' };
  }
  // The window's orders come oldest first: only those from the place on are looked at, and only
  // until the page and one more are certain (rows of one time sort by id, which is not the world
  // order's), so a page costs its own orders rather than the whole shop's rendered again.
  const rows: { at: number; id: string; order: SandboxOrder; line: number }[] = [];
  for (const order of world.ordersBetween('joom', shopId, 'updatedAt', place.from, place.to)) {
    if (order.updatedAt < place.at) continue;
    const latest = rows[rows.length - 1];
    if (rows.length > limit && latest && order.updatedAt > latest.at) break;
    const status = JOOM_STATE[order.status];
    if (status === null || (place.status !== '' && status !== place.status)) continue;
    order.lines.forEach((_, line) => {
      const id = joomOrderId(order, line);
      if (order.updatedAt > place.at || id > place.id) rows.push({ at: order.updatedAt, id, order, line });
    });
  }
  rows.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const items = page.map((row) => renderJoomOrders(row.order)[row.line]);
  const body: Record<string, unknown> = { data: { items } };
  if (rows.length > limit && last) {
    const after = encodePlace({ ...place, at: last.at, id: last.id });
    const next = `${request.protocol}://${request.headers.host ?? 'localhost'}${JOOM_PATHS.ordersMulti}`;
    body.paging = { next: `${next}?after=${after}&limit=${limit}` };
  }
  return reply.send(body);
}

/** The Joom order with this id, in whichever store: its world order, line and v3 JSON. */
export function findJoomOrder(
  world: World,
  id: string,
): { shopId: string; order: SandboxOrder; lineIndex: number; json: Record<string, unknown> } | null {
  for (const shop of world.shopsOf('joom')) {
    for (const order of world.ordersOf('joom', shop.shopId)) {
      const rendered = renderJoomOrders(order);
      const lineIndex = rendered.findIndex((json) => json.id === id);
      const json = rendered[lineIndex];
      if (json) return { shopId: shop.shopId, order, lineIndex, json };
    }
  }
  return null;
}

/** The id a v3 order call names, or the 400 Joom answers for an id it could never issue (null). */
export function orderIdOfCall(request: FastifyRequest, reply: FastifyReply): string | null {
  const id = (request.query as JoomQuery).id ?? '';
  if (/^[A-Z\d]{8}$/.test(id)) return id;
  errors(
    reply,
    400,
    'invalid_argument',
    `Invalid argument \`id\`: expected valid order ID, got \`${id}\``,
    'id',
  );
  return null;
}

/** `GET /api/v3/orders?id=`: one order of the token's store; 404 unknown, 403 another store's. */
export function joomGetOrder(world: World, request: FastifyRequest, reply: FastifyReply) {
  const shopId = shopOfCall(world, request, reply);
  if (shopId === null) return reply;
  const id = orderIdOfCall(request, reply);
  if (id === null) return reply;
  const found = findJoomOrder(world, id);
  if (!found) return errors(reply, 404, 'not_found', `Order with ID '${id}' not found`);
  if (found.shopId !== shopId) return errors(reply, 403, 'forbidden', `Order ${id} belongs to another store`);
  return reply.send({ data: found.json });
}
