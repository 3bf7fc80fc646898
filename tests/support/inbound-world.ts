/**
 * Helpers for the inbound and PDA sync tests: calls as a named demo user, an inbound order made
 * through the API, and the inbound tables' row counts (to show a refusal changed nothing).
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { OpResult, PdaOpType } from '@shared/contract/pda.js';
import { createProduct, tableCounts } from './stock-world.js';
import type { TestWorld } from './test-app.js';

export type Caller = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

export function callerFor(world: TestWorld, token: string): Caller {
  return (method, url, payload, headers) =>
    world.request({ method, url, token, ...(payload === undefined ? {} : { payload }), headers });
}

export interface MadeOrder {
  id: string;
  inboundNo: string;
  boxes: { id: string; boxNo: string }[];
}

/** An order of `seller` into the warehouse, one box per entry, made and read back through the API. */
export async function makeOrder(
  call: Caller,
  warehouseId: string,
  boxes: { boxNo: string; lines: { skuId: string; shipQuantity: number }[] }[],
): Promise<MadeOrder> {
  const made = await call('POST', '/api/inbound/order/add', { warehouseId, transportMode: 'sea', boxes });
  if (made.statusCode !== 200) throw new Error(`inbound add failed: ${made.body}`);
  const { id, inboundNo } = made.json().result as { id: string; inboundNo: string };
  const detail = await call('GET', `/api/inbound/order/detail?id=${id}`);
  const result = detail.json().result as { boxes: { id: string; boxNo: string }[] };
  return { id, inboundNo, boxes: result.boxes.map((box) => ({ id: box.id, boxNo: box.boxNo })) };
}

/** An order with one box per [box number, SKU id], each box expecting `quantity` of its SKU. */
export function orderOfBoxes(
  call: Caller,
  warehouseId: string,
  boxes: [string, string][],
  quantity: number,
): Promise<MadeOrder> {
  return makeOrder(
    call,
    warehouseId,
    boxes.map(([boxNo, skuId]) => ({ boxNo, lines: [{ skuId, shipQuantity: quantity }] })),
  );
}

export function boxId(order: MadeOrder, boxNo: string): string {
  const box = order.boxes.find((candidate) => candidate.boxNo === boxNo);
  if (!box) throw new Error(`no box ${boxNo}`);
  return box.id;
}

/** A discrepancy photo's key as the PDA makes it: under the order's seller, a fresh name. */
export async function photoKeyFor(world: TestWorld, order: MadeOrder): Promise<string> {
  const { rows } = await world.database.ownerPool.query<{ seller_id: string }>(
    'select seller_id from inbound_orders where id = $1',
    [order.id],
  );
  return `inbound/${rows[0]?.seller_id ?? ''}/${randomUUID()}.jpg`;
}

/** SKUs of a fresh product of the seller behind `token`, by seller SKU. */
export async function sellerSkus(
  world: TestWorld,
  token: string,
  codes: string[],
): Promise<Record<string, string>> {
  const product = await createProduct(world, token, codes);
  return Object.fromEntries(product.skus.map((sku) => [sku.sellerSku, sku.id]));
}

/** The ledger's counts plus the inbound and sync tables'. */
export async function inboundCounts(world: TestWorld): Promise<Record<string, number>> {
  const counts = await tableCounts(world);
  for (const table of ['inbound_orders', 'inbound_boxes', 'inbound_box_lines', 'inbound_discrepancies']) {
    const { rows } = await world.database.ownerPool.query(`select count(*)::int as n from ${table}`);
    counts[table] = rows[0].n;
  }
  const sums = await world.database.ownerPool.query(
    `select coalesce(sum(received_quantity), 0)::int as received, coalesce(sum(shelved_quantity), 0)::int as shelved,
            coalesce(sum(damaged_quantity), 0)::int as damaged from inbound_box_lines`,
  );
  counts.received = sums.rows[0].received;
  counts.shelved = sums.rows[0].shelved;
  counts.damaged = sums.rows[0].damaged;
  return counts;
}

/** Units of a SKU on one location, read as the owner. */
export async function onLocation(world: TestWorld, locationId: string, skuId: string): Promise<number> {
  const { rows } = await world.database.ownerPool.query(
    'select coalesce(sum(quantity), 0)::int as n from location_stock where location_id = $1 and sku_id = $2',
    [locationId, skuId],
  );
  return rows[0].n;
}

/** A PDA op as a device queues it. */
export interface Op {
  opId: string;
  seq: number;
  type: PdaOpType;
  payload: Record<string, unknown>;
  createdAt: string;
  sessionId?: string;
}

export const op = (seq: number, type: PdaOpType, payload: Record<string, unknown>): Op => ({
  opId: randomUUID(),
  seq,
  type,
  payload,
  createdAt: new Date().toISOString(),
});

/** An 'inbound.receive' op of `quantity` units of a SKU into a box of the order. */
export const receiveOp = (
  order: MadeOrder,
  seq: number,
  boxNo: string,
  skuId: string,
  quantity: number,
): Op =>
  op(seq, 'inbound.receive', { inboundOrderId: order.id, boxId: boxId(order, boxNo), skuId, quantity });

export interface PushResult {
  lastProcessedSeq: number;
  results: OpResult[];
  pullHint: boolean;
}

const deviceKeys = new Map<string, Promise<string>>();

/** POST /api/pda/device/register as `as`: the key the device must present; anything but 200 throws. */
export async function registerDevice(as: Caller, deviceId: string, nextSeq?: number): Promise<string> {
  const response = await as('POST', '/api/pda/device/register', { deviceId, nextSeq });
  if (response.statusCode !== 200) throw new Error(`register ${response.statusCode}: ${response.body}`);
  return (response.json().result as { deviceKey: string }).deviceKey;
}

/** The key of the test device called `deviceId`, registered by `as` on its first push. */
export function deviceKeyOf(as: Caller, deviceId: string): Promise<string> {
  let key = deviceKeys.get(deviceId);
  if (!key) {
    key = registerDevice(as, deviceId);
    deviceKeys.set(deviceId, key);
  }
  return key;
}

/** POST /api/pda/sync/push as `as` from the device (registered on first use); anything but 200 throws. */
export async function push(as: Caller, deviceId: string, ops: Op[]): Promise<PushResult> {
  const deviceKey = await deviceKeyOf(as, deviceId);
  const response = await as('POST', '/api/pda/sync/push', { deviceId, deviceKey, ops });
  if (response.statusCode !== 200) throw new Error(`push ${response.statusCode}: ${response.body}`);
  return response.json().result;
}

/** Each op's status, or its code when it was rejected. */
export const outcomes = (result: PushResult) =>
  result.results.map((entry) => (entry.status === 'rejected' ? entry.code : entry.status));

export const statuses = (result: PushResult) => result.results.map((entry) => entry.status);
