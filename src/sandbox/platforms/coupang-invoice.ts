/**
 * The sandbox's Coupang seller-shipping writes, behind the same CEA gateway check as the reads:
 * - `PATCH …/vendors/{vendorId}/ordersheets/acknowledgement` `{vendorId, shipmentBoxIds}` (at
 *   most 50) moves paid boxes from ACCEPT (결제완료) to INSTRUCT (상품준비중);
 * - `POST …/vendors/{vendorId}/orders/invoices` `{vendorId, orderSheetInvoiceApplyDtos}` takes
 *   the courier's invoice number for boxes in INSTRUCT only, through the world's sellerShipped
 *   (the box reads DEPARTURE with its invoiceNumber and deliveryCompanyName).
 *
 * Both answer HTTP 200 `{code: 200, message: "OK", data: {responseCode, responseMessage,
 * responseList: [{shipmentBoxId, succeed, resultCode, retryRequired, resultMessage}]}}` with
 * responseCode 0 (all succeeded), 1 (some failed), 99 (all failed) or -1 (nothing to do), as
 * Coupang documents; a body that is not the documented shape is HTTP 400. The resultCode and
 * resultMessage wording of a failed box is the sandbox's [UNCONFIRMED]. An invoice number already
 * used on another of the vendor's boxes is refused (Coupang refuses one reused within six months).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxOrder } from '../world-model.js';
import type { World } from '../world.js';
import { boxIdOf, sheetStatusOf } from './coupang-render.js';
import { sellerShipped } from '../world-shipments.js';

interface BoxResult {
  shipmentBoxId: number;
  succeed: boolean;
  resultCode: string;
  retryRequired: boolean;
  resultMessage: string;
}

/** Courier codes the sandbox names in deliveryCompanyName ([UNCONFIRMED] list; others show their code). */
const COURIERS: Record<string, string> = {
  CJGLS: 'CJ 대한통운',
  HANJIN: '한진택배',
  HYUNDAI: '롯데택배',
  KDEXP: '경동택배',
  EPOST: '우체국',
  KGB: '로젠택배',
};

const MAX_BOXES = 50;

type Body = Record<string, unknown>;

function bodyOf(request: FastifyRequest): Body {
  return typeof request.body === 'object' && request.body !== null ? (request.body as Body) : {};
}

function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send({ code: 400, message, data: null });
}

function ok(shipmentBoxId: number): BoxResult {
  return { shipmentBoxId, succeed: true, resultCode: 'OK', retryRequired: false, resultMessage: 'OK' };
}

function failed(shipmentBoxId: number, resultCode: string, resultMessage: string): BoxResult {
  return { shipmentBoxId, succeed: false, resultCode, retryRequired: false, resultMessage };
}

function envelope(results: BoxResult[]) {
  const succeeded = results.filter((result) => result.succeed).length;
  const responseCode =
    results.length === 0 ? -1 : succeeded === results.length ? 0 : succeeded === 0 ? 99 : 1;
  const responseMessage = { [-1]: 'NO_RESULT', 0: 'SUCCESS', 1: 'PARTIAL_ERROR', 99: 'FAILED' }[responseCode];
  return { code: 200, message: 'OK', data: { responseCode, responseMessage, responseList: results } };
}

/** The vendor's paid box with this id (unpaid orders have none). */
function boxOf(world: World, vendorId: string, shipmentBoxId: unknown): SandboxOrder | undefined {
  return world
    .ordersOf('coupang', vendorId)
    .find((order) => order.paidAt !== null && boxIdOf(order) === shipmentBoxId);
}

/** PATCH …/ordersheets/acknowledgement: ACCEPT boxes become INSTRUCT; any other box fails. */
export function acknowledgeBoxes(
  world: World,
  vendorId: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const body = bodyOf(request);
  if (body.vendorId !== vendorId)
    return badRequest(reply, 'vendorId in the body must be the path’s vendorId.');
  const ids = body.shipmentBoxIds;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_BOXES || !ids.every(Number.isInteger))
    return badRequest(reply, `shipmentBoxIds must list 1 to ${MAX_BOXES} shipment box ids.`);
  const results = (ids as number[]).map((id) => {
    const order = boxOf(world, vendorId, id);
    if (!order) return failed(id, 'NOT_FOUND', 'The shipment box does not exist.');
    const status = sheetStatusOf(order);
    if (status !== 'ACCEPT')
      return failed(
        id,
        'INVALID_STATUS',
        `Only a box in ACCEPT can be acknowledged; this one is ${status ?? 'cancelled'}.`,
      );
    world.changeOrder(order, { status: 'processed' });
    return ok(id);
  });
  return envelope(results);
}

/** One box's invoice entries checked and applied. */
function applyInvoice(world: World, vendorId: string, shipmentBoxId: number, entries: Body[]): BoxResult {
  const order = boxOf(world, vendorId, shipmentBoxId);
  if (!order) return failed(shipmentBoxId, 'NOT_FOUND', 'The shipment box does not exist.');
  const numbers = new Set(entries.map((entry) => entry.invoiceNumber));
  const couriers = new Set(entries.map((entry) => entry.deliveryCompanyCode));
  const [invoiceNumber] = [...numbers];
  const [courier] = [...couriers];
  if (numbers.size !== 1 || typeof invoiceNumber !== 'string' || invoiceNumber.trim() === '')
    return failed(shipmentBoxId, 'INVALID_ARGUMENT', 'invoiceNumber is required, one per box.');
  if (couriers.size !== 1 || typeof courier !== 'string' || courier.trim() === '')
    return failed(shipmentBoxId, 'INVALID_ARGUMENT', 'deliveryCompanyCode is required, one per box.');
  const itemIds = new Set(order.lines.map((line) => Number(line.item.variationId)));
  if (
    entries.some(
      (entry) => entry.orderId !== Number(order.orderId) || !itemIds.has(Number(entry.vendorItemId)),
    )
  )
    return failed(shipmentBoxId, 'INVALID_ARGUMENT', 'orderId and vendorItemId must be the box’s own.');
  const status = sheetStatusOf(order);
  if (status === null) return failed(shipmentBoxId, 'CANCELED', 'The order has been cancelled.');
  if (status !== 'INSTRUCT')
    return failed(
      shipmentBoxId,
      'INVALID_STATUS',
      `An invoice is uploaded for a box in INSTRUCT only; this one is ${status}.`,
    );
  const reused = world
    .ordersOf('coupang', vendorId)
    .some((other) => other !== order && other.trackingNo === invoiceNumber);
  if (reused)
    return failed(shipmentBoxId, 'DUPLICATE_INVOICE', 'The invoice number is already used on another box.');
  const outcome = sellerShipped(world, 'coupang', vendorId, order.orderId, {
    trackingNo: invoiceNumber,
    carrier: COURIERS[courier] ?? courier,
  });
  if (outcome.ok) return ok(shipmentBoxId);
  return outcome.reason === 'cancelled'
    ? failed(shipmentBoxId, 'CANCELED', 'A cancellation of the order is under way.')
    : failed(shipmentBoxId, 'INVALID_STATUS', `The box cannot ship (${outcome.reason}).`);
}

/** POST …/orders/invoices: each box named takes its invoice number, or fails alone. */
export function uploadInvoices(world: World, vendorId: string, request: FastifyRequest, reply: FastifyReply) {
  const body = bodyOf(request);
  if (body.vendorId !== vendorId)
    return badRequest(reply, 'vendorId in the body must be the path’s vendorId.');
  const entries = body.orderSheetInvoiceApplyDtos;
  if (!Array.isArray(entries) || entries.length === 0)
    return badRequest(reply, 'orderSheetInvoiceApplyDtos must not be empty.');
  const byBox = new Map<number, Body[]>();
  for (const entry of entries) {
    const record = typeof entry === 'object' && entry !== null ? (entry as Body) : {};
    if (!Number.isInteger(record.shipmentBoxId))
      return badRequest(reply, 'Each entry needs its shipmentBoxId.');
    const id = record.shipmentBoxId as number;
    byBox.set(id, [...(byBox.get(id) ?? []), record]);
  }
  return envelope([...byBox].map(([id, boxEntries]) => applyInvoice(world, vendorId, id, boxEntries)));
}
