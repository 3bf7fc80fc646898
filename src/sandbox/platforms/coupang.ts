/**
 * The sandbox's Coupang Open API: the gateway's CEA HMAC check and the v4 order APIs, rendering
 * the world's orders as ordersheets (one shipment box per order) in Coupang's shapes and
 * statuses. Only the vendors of SANDBOX_COUPANG_VENDORS exist; a test creates their world shops.
 *
 * What is imitated, and what was chosen where Coupang's documents are silent:
 * - every call carries `Authorization: CEA …`; a missing header, a malformed one, an unknown
 *   access key, a signed-date more than 5 minutes from the sandbox clock (Coupang documents no
 *   tolerance; 5 minutes is the common gateway choice) and a wrong signature are refused with
 *   HTTP 401 and the gateway's documented `{"code":"ERROR","message":…,"transactionId":…}`;
 * - the keys live in the world's token table: `world.revokeShop` and keys older than 180 days
 *   (a third-party note says keys are valid six months) answer 401 "Request is not authorized.";
 * - ordersheets by KST day (at most 31 days apart), `status` required, `maxPerPage` ≤ 50, and a
 *   nextToken that is the last box id of the page (as the portal's sample shows), "" on the
 *   last page; a sheet belongs to the day it was paid (unpaid orders have no sheet);
 * - the seller-shipping writes, acknowledgement (ACCEPT → INSTRUCT) and invoice upload
 *   (INSTRUCT → DEPARTURE), in coupang-invoice.ts;
 * - cancellations leave the status listings and appear under `returnRequests?cancelType=CANCEL`,
 *   dated when they happened; the order lookup by orderId still returns the cancelled box with
 *   `canceled: true` items;
 * - the throttle is HTTP 429 "Too Many Requests" (Coupang: more than ~10 calls a second per
 *   vendor), with no Retry-After (none is documented); Coupang has no webhooks.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_COUPANG_VENDORS } from '../apps.js';
import { platformPath, rawQuery, type SandboxPlatform } from '../server.js';
import type { SandboxOrder } from '../world-model.js';
import type { World } from '../world.js';
import { acknowledgeBoxes, uploadInvoices } from './coupang-invoice.js';
import { boxIdOf, receiptIdOf, renderCancelReceipt, renderSheet, sheetStatusOf } from './coupang-render.js';
import {
  CEA_ALGORITHM,
  COUPANG_BOX_STATUSES,
  coupangExpectedSignature,
  kstMidnight,
  readCeaHeader,
  signedDateInstant,
} from './coupang-spec.js';
import { presentedMatches } from './hmac.js';

const DAY_MS = 86_400_000;
const SIGNED_DATE_TOLERANCE_MS = 5 * 60_000;
const KEY_LIFETIME_MS = 180 * DAY_MS;
const MAX_DAYS = 31;
const MAX_PER_PAGE = 50;
const VENDORS = '/v2/providers/openapi/apis/api/v4/vendors';

type Query = Record<string, string | undefined>;
type Handler = (request: FastifyRequest, reply: FastifyReply, vendorId: string) => unknown;

function gatewayError(reply: FastifyReply, status: number, message: string, extra: object = {}) {
  return reply.code(status).send({ code: 'ERROR', message, transactionId: randomUUID(), ...extra });
}

function notAuthorised(reply: FastifyReply) {
  return gatewayError(reply, 401, 'Request is not authorized.', {
    messages: {
      korean:
        '미인증된 요청은 허용되지 않습니다. 클라이언트의 정보가 정상적으로 설정되어 있는지 확인 부탁드립니다. (CMDB, 컨수머 토큰 또는 HMAC)',
      english:
        "Unauthorized request is denied. Check if the client's credential meets the requirements (CMDB, consumer token or HMAC).",
    },
  });
}

/** A business refusal of the order APIs: HTTP 400 and `{code, message}` ([UNCONFIRMED] wording). */
function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send({ code: 400, message, data: null });
}

function queryOf(request: FastifyRequest): Query {
  const parsed = request.query;
  const query: Query = {};
  if (typeof parsed === 'object' && parsed !== null)
    for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') query[name] = value;
  return query;
}

function vendorParam(request: FastifyRequest): string {
  const params = request.params;
  return typeof params === 'object' && params !== null && 'vendorId' in params ? String(params.vendorId) : '';
}

/** The vendor's keys as a world token, made on first sight (so reset() and revokeShop work). */
function keyToken(world: World, vendorId: string, accessKey: string) {
  if (!world.auth.tokens.has(accessKey))
    world.auth.tokens.set(accessKey, {
      platform: 'coupang',
      shopId: vendorId,
      kind: 'access',
      expiresAt: world.now() + KEY_LIFETIME_MS,
      revoked: false,
    });
  return world.auth.checkToken('coupang', accessKey, 'access');
}

/** The gateway's check; the vendor id the keys open, or null once the refusal is sent. */
function authorise(request: FastifyRequest, reply: FastifyReply, world: World): string | null {
  const header = request.headers.authorization;
  if (!header) {
    notAuthorised(reply);
    return null;
  }
  const parts = readCeaHeader(header);
  const signedAt = parts ? signedDateInstant(parts.signedDate) : null;
  if (!parts || parts.algorithm !== CEA_ALGORITHM || signedAt === null) {
    gatewayError(reply, 401, 'HMAC format is invalid.');
    return null;
  }
  const vendor = Object.entries(SANDBOX_COUPANG_VENDORS).find(
    ([, keys]) => keys.accessKey === parts.accessKey,
  );
  if (!vendor) {
    gatewayError(reply, 401, 'Unknown error occurred, please contact api-gateway channel for the details.');
    return null;
  }
  if (Math.abs(world.now() - signedAt) > SIGNED_DATE_TOLERANCE_MS) {
    gatewayError(reply, 401, 'Specified signature is expired.');
    return null;
  }
  const [vendorId, keys] = vendor;
  const expected = coupangExpectedSignature(keys.secretKey, {
    signedDate: parts.signedDate,
    method: request.method,
    path: platformPath(request),
    query: rawQuery(request),
  });
  // The portal's examples write the digest in lower case; a client's upper case is the same digest.
  if (!presentedMatches(expected, parts.signature.toLowerCase())) {
    gatewayError(reply, 401, 'Invalid signature.');
    return null;
  }
  if ('refused' in keyToken(world, vendorId, parts.accessKey) || vendorParam(request) !== vendorId) {
    notAuthorised(reply);
    return null;
  }
  return vendorId;
}

/** The KST day range of a listing, or the refusal's message. */
function dayRange(query: Query): { from: number; to: number } | string {
  if (query.searchType === 'timeFrame') return 'searchType=timeFrame is not imitated by the sandbox';
  const from = kstMidnight(query.createdAtFrom ?? '');
  const to = kstMidnight(query.createdAtTo ?? '');
  if (from === null || to === null) return 'createdAtFrom and createdAtTo must be dates (yyyy-MM-dd).';
  if (to < from) return 'createdAtFrom must not be after createdAtTo.';
  if ((to - from) / DAY_MS > MAX_DAYS) return `The search period cannot exceed ${MAX_DAYS} days.`;
  return { from, to: to + DAY_MS };
}

/** A page of rows (sorted by their numeric key) after nextToken; or the refusal's message. */
function pageOf<T>(
  rows: readonly T[],
  keyOf: (row: T) => number,
  query: Query,
): { page: T[]; nextToken: string } | string {
  const size = query.maxPerPage === undefined ? MAX_PER_PAGE : Number(query.maxPerPage);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PER_PAGE)
    return `maxPerPage must be between 1 and ${MAX_PER_PAGE}.`;
  if (query.nextToken !== undefined && query.nextToken !== '' && !/^\d+$/.test(query.nextToken))
    return 'nextToken is not valid.';
  const afterKey = Number(query.nextToken || 0);
  const rest = rows.filter((row) => keyOf(row) > afterKey);
  const page = rest.slice(0, size);
  const last = page[page.length - 1];
  return { page, nextToken: rest.length > size && last ? String(keyOf(last)) : '' };
}

function listOrderSheets(world: World, vendorId: string, query: Query, reply: FastifyReply) {
  const range = dayRange(query);
  if (typeof range === 'string') return badRequest(reply, range);
  const status = query.status;
  if (!status) return badRequest(reply, 'status is required.');
  if (!(COUPANG_BOX_STATUSES as readonly string[]).includes(status))
    return badRequest(reply, `status must be one of ${COUPANG_BOX_STATUSES.join(', ')}.`);
  const rows = world.listing('coupang', vendorId, `sheets ${status} ${range.from} ${range.to}`, () =>
    world
      .ordersOf('coupang', vendorId)
      .filter(
        (order) =>
          sheetStatusOf(order) === status &&
          order.paidAt !== null &&
          order.paidAt >= range.from &&
          order.paidAt < range.to,
      )
      .sort((a, b) => boxIdOf(a) - boxIdOf(b)),
  );
  const paged = pageOf(rows, boxIdOf, query);
  if (typeof paged === 'string') return badRequest(reply, paged);
  return { code: 200, message: 'OK', data: paged.page.map(renderSheet), nextToken: paged.nextToken };
}

function listReturnRequests(world: World, vendorId: string, query: Query, reply: FastifyReply) {
  const range = dayRange(query);
  if (typeof range === 'string') return badRequest(reply, range);
  const isCancel = query.cancelType === 'CANCEL';
  if (!isCancel && !['RU', 'UC', 'CC', 'PR'].includes(query.status ?? ''))
    return badRequest(reply, 'status must be one of RU, UC, CC, PR.');
  // The world has cancellations but no returns: a RETURN listing is always empty.
  const rows = isCancel
    ? world.listing('coupang', vendorId, `cancellations ${range.from} ${range.to}`, () =>
        world
          .ordersOf('coupang', vendorId)
          .filter(
            (order) =>
              order.status === 'cancelled' &&
              order.paidAt !== null &&
              order.updatedAt >= range.from &&
              order.updatedAt < range.to,
          )
          .sort((a, b) => receiptIdOf(a) - receiptIdOf(b)),
      )
    : [];
  const paged = pageOf(rows, receiptIdOf, query);
  if (typeof paged === 'string') return badRequest(reply, paged);
  return { code: 200, message: 'OK', data: paged.page.map(renderCancelReceipt), nextToken: paged.nextToken };
}

function notFound(reply: FastifyReply, what: string) {
  return reply.code(404).send({ code: 404, message: `${what} not found.`, data: null });
}

const visible = (order: SandboxOrder | undefined): order is SandboxOrder =>
  order !== undefined && order.paidAt !== null;

export const coupangSandbox: SandboxPlatform = {
  platform: 'coupang',

  routes(app, world) {
    for (const [vendorId, keys] of Object.entries(SANDBOX_COUPANG_VENDORS))
      keyToken(world, vendorId, keys.accessKey);
    const guarded = (handler: Handler) => async (request: FastifyRequest, reply: FastifyReply) => {
      const vendorId = authorise(request, reply, world);
      return vendorId === null ? reply : handler(request, reply, vendorId);
    };

    app.get(
      `${VENDORS}/:vendorId/ordersheets`,
      guarded((request, reply, vendorId) => listOrderSheets(world, vendorId, queryOf(request), reply)),
    );
    app.get(
      `${VENDORS}/:vendorId/ordersheets/:shipmentBoxId`,
      guarded((request, reply, vendorId) => {
        const params = request.params as { shipmentBoxId?: string };
        const order = world
          .ordersOf('coupang', vendorId)
          .find((candidate) => String(boxIdOf(candidate)) === params.shipmentBoxId);
        return visible(order)
          ? { code: 200, message: 'OK', data: renderSheet(order) }
          : notFound(reply, 'Shipment box');
      }),
    );
    app.get(
      `${VENDORS}/:vendorId/:orderId/ordersheets`,
      guarded((request, reply, vendorId) => {
        const params = request.params as { orderId?: string };
        const order = world.order('coupang', vendorId, params.orderId ?? '');
        return visible(order)
          ? { code: 200, message: 'OK', data: [renderSheet(order)] }
          : notFound(reply, 'Order');
      }),
    );
    app.patch(
      `${VENDORS}/:vendorId/ordersheets/acknowledgement`,
      guarded((request, reply, vendorId) => acknowledgeBoxes(world, vendorId, request, reply)),
    );
    app.post(
      `${VENDORS}/:vendorId/orders/invoices`,
      guarded((request, reply, vendorId) => uploadInvoices(world, vendorId, request, reply)),
    );
    app.get(
      `${VENDORS}/:vendorId/returnRequests`,
      guarded((request, reply, vendorId) => listReturnRequests(world, vendorId, queryOf(request), reply)),
    );
  },

  throttled() {
    return {
      status: 429,
      body: { code: 'ERROR', message: 'Too Many Requests', transactionId: randomUUID() },
    };
  },

  caller(request) {
    return /\/vendors\/([^/?]+)/.exec(request.url)?.[1] ?? request.ip;
  },

  webhook() {
    return null;
  },
};
