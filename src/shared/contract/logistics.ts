/**
 * Logistics channel, waybill and outbound calls (spec 02 §3 Logistics channel, §4 Ship
 * arrangement, Warehouse side). No reply ever carries a channel's key or secret: a channel shows
 * the key's last characters only.
 *
 * Routes (under /api):
 * - channels: GET /logistics/channel/list, POST /logistics/channel/add, PUT /logistics/channel/edit,
 *   POST /logistics/channel/enable, POST /logistics/channel/authorise, DELETE /logistics/channel/delete?id=,
 *   GET /logistics/channel/options?orderIds= (the channels every named order may use);
 * - waybills: GET /waybill/list, POST /waybill/arrange (a batch), POST /waybill/print (a batch
 *   merging the labels into one PDF), GET /waybill/batch?id=, GET /waybill/batch/pdf?id=,
 *   GET /waybill/label?orderId= (reprint from the stored bytes), POST /waybill/label/retry ('try
 *   again': asked of the platform or carrier again), POST /waybill/label/regenerate ('save again':
 *   from the document already held, or ours rendered again), POST /waybill/label/upload?orderId= (multipart, one PDF), POST /waybill/printed,
 *   POST /waybill/selfShipped, POST /waybill/tracking/push (send our carrier's tracking number to
 *   the marketplace again after it failed);
 * - outbound (warehouses without handhelds): POST /outbound/picked, POST /outbound/packed,
 *   POST /outbound/delivered, GET /outbound/pickList?orderIds=, GET /outbound/packingList?orderIds=.
 */
import { z } from 'zod';
import {
  ARRANGE_STATUSES,
  BATCH_ITEM_OUTCOMES,
  CARRIERS,
  CHANNEL_AUTH_STATUSES,
  CHANNEL_KINDS,
  LABEL_SOURCES,
  LABEL_STATUSES,
  LOGISTICS_LIMITS as LIMITS,
  LOGISTICS_PLATFORMS,
  WAYBILL_BATCH_KINDS,
  WAYBILL_BATCH_STATES,
} from '../domain/logistics.js';
import { LOCAL_STATUSES, PARCEL_TYPES, PLATFORMS, WAREHOUSE_STATUSES } from '../domain/order.js';
import { batchSearch } from './catalog.js';
import { pageQuery, pageResult, requiredText, string, text, uuid, uuidList } from './common.js';

const isoTime = string();
const scopeIds = z.array(uuid).max(200).nullable();

export const channelView = z.object({
  id: uuid,
  kind: z.enum(CHANNEL_KINDS),
  name: string(),
  companyName: string(),
  companyCode: string(),
  platform: z.enum(LOGISTICS_PLATFORMS).nullable(),
  carrier: z.enum(CARRIERS).nullable(),
  authStatus: z.enum(CHANNEL_AUTH_STATUSES),
  /** Why the last check failed (an error code of errors:logistics.*), '' when it passed. */
  authError: string(),
  /** The app key's last four characters; '' when none is set. */
  keyHint: string(),
  isEnabled: z.boolean(),
  warehouseIds: scopeIds,
  shopIds: scopeIds,
  createdAt: isoTime,
});
export type ChannelView = z.infer<typeof channelView>;

export const channelListQuery = pageQuery.extend({
  kind: z.enum(CHANNEL_KINDS).optional(),
  isEnabled: z.enum(['true', 'false']).optional(),
  name: text(LIMITS.channelName).optional(),
});
export type ChannelListQuery = z.infer<typeof channelListQuery>;
export const channelPage = pageResult(channelView);

const channelFields = {
  name: requiredText(LIMITS.channelName),
  companyName: text(LIMITS.companyName).default(''),
  companyCode: text(LIMITS.companyCode).default(''),
  warehouseIds: scopeIds.default(null),
  shopIds: scopeIds.default(null),
};

export const addChannelBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('marketplace'), platform: z.enum(LOGISTICS_PLATFORMS), ...channelFields }),
  z.strictObject({
    kind: z.literal('carrier'),
    carrier: z.enum(CARRIERS),
    appKey: requiredText(LIMITS.key),
    appSecret: requiredText(LIMITS.key),
    ...channelFields,
  }),
]);
export type AddChannelBody = z.infer<typeof addChannelBody>;

/** Keys, warehouses or shops left out (keys also blank) keep the stored ones. */
export const editChannelBody = z.strictObject({
  id: uuid,
  ...channelFields,
  warehouseIds: scopeIds.optional(),
  shopIds: scopeIds.optional(),
  appKey: text(LIMITS.key).optional(),
  appSecret: text(LIMITS.key).optional(),
});
export type EditChannelBody = z.infer<typeof editChannelBody>;

export const enableChannelBody = z.strictObject({ id: uuid, isEnabled: z.boolean() });
export const channelIdBody = z.strictObject({ id: uuid });
export const channelIdQuery = z.strictObject({ id: uuid, _t: string().max(20).optional() });

const orderIds = z.array(uuid).min(1).max(LIMITS.batchOrders);
const directOrderIds = z.array(uuid).min(1).max(LIMITS.directOrders);

const orderIdList = uuidList(LIMITS.batchOrders);

export const channelOptionsQuery = z.strictObject({ orderIds: orderIdList, _t: string().max(20).optional() });
export const channelOption = z.object({
  id: uuid,
  kind: z.enum(CHANNEL_KINDS),
  name: string(),
  platform: z.enum(LOGISTICS_PLATFORMS).nullable(),
});
export const channelOptions = z.array(channelOption);

export const waybillView = z.object({
  orderId: uuid,
  orderNo: string(),
  systemNo: string(),
  platform: z.enum(PLATFORMS),
  shopName: string(),
  sellerName: string(),
  warehouseId: uuid,
  warehouseName: string(),
  recipientName: string(),
  localStatus: z.enum(LOCAL_STATUSES),
  warehouseStatus: z.enum(WAREHOUSE_STATUSES),
  parcelType: z.enum(PARCEL_TYPES),
  units: z.number().int(),
  /** Has every line its reserved units (nothing out of stock)? */
  isReserved: z.boolean(),
  channelId: uuid.nullable(),
  channelName: string(),
  arrangeStatus: z.enum(ARRANGE_STATUSES),
  trackingNo: string(),
  carrierName: string(),
  arrangeError: string(),
  arrangeMessage: string(),
  labelStatus: z.enum(LABEL_STATUSES),
  /** Who issued the stored label: the platform, the carrier, us (rendered), or a user's upload; '' none yet. */
  labelSource: z.enum(LABEL_SOURCES),
  /** The platform of the waybill's marketplace channel (whose logistics issued its label); null otherwise. */
  channelPlatform: z.enum(LOGISTICS_PLATFORMS).nullable(),
  labelError: string(),
  labelMessage: string(),
  isPrinted: z.boolean(),
  printCount: z.number().int(),
  isPicked: z.boolean(),
  isPacked: z.boolean(),
  trackingPushed: z.boolean(),
  /** Why our carrier's tracking number did not reach the marketplace: an error code of errors:*, '' when it did or was not due. */
  pushError: string(),
  /** The marketplace's own words about that refusal, where it gave any. */
  pushMessage: string(),
  shipBy: isoTime.nullable(),
  orderedAt: isoTime,
});
export type WaybillView = z.infer<typeof waybillView>;

/** The outbound list: orders waiting to ship ('pending' tab) with their waybills, or those shipped. */
export const waybillListQuery = pageQuery.extend({
  stage: z
    .enum(['to_arrange', 'arrange_failed', 'to_print', 'to_pick', 'to_pack', 'to_deliver', 'delivered'])
    .optional(),
  warehouseId: uuid.optional(),
  channelId: uuid.optional(),
  platform: z.enum(PLATFORMS).optional(),
  /** One number: part of an order number, or a whole system id or tracking number. */
  keyword: text(64).optional(),
  /**
   * Up to 100 numbers separated by commas, spaces or lines, as the order list's batch search
   * takes them: each a whole order number, system order id or tracking number.
   */
  numbers: batchSearch.optional(),
});
export type WaybillListQuery = z.infer<typeof waybillListQuery>;
export const waybillPage = pageResult(waybillView).extend({
  /** The searched numbers no order of the list (in any stage) answered. */
  notFound: z.array(string()).default([]),
});

export const arrangeBody = z.strictObject({
  orderIds,
  /** The channel for orders that have none yet; marketplace orders default to their platform's. */
  channelId: uuid.optional(),
});
export type ArrangeBody = z.infer<typeof arrangeBody>;

export const printBody = z.strictObject({ orderIds });
export const orderIdsBody = z.strictObject({ orderIds: directOrderIds });
export type OrderIdsBody = z.infer<typeof orderIdsBody>;

export const markPrintedBody = z.strictObject({ orderIds, isPrinted: z.boolean() });
export type MarkPrintedBody = z.infer<typeof markPrintedBody>;
/** How many orders were marked. */
export const markPrintedReply = z.object({ count: z.number().int() });

export const selfShippedBody = z.strictObject({
  orderId: uuid,
  trackingNo: requiredText(LIMITS.trackingNo).regex(/^[A-Za-z0-9-]+$/, 'tracking_no'),
  carrierName: text(LIMITS.companyName).default(''),
});
export type SelfShippedBody = z.infer<typeof selfShippedBody>;

export const labelQuery = z.strictObject({ orderId: uuid, _t: string().max(20).optional() });
export const batchQuery = z.strictObject({ id: uuid, _t: string().max(20).optional() });
export const orderIdsQuery = z.strictObject({
  orderIds: orderIdList,
  lang: string().max(16).optional(),
  _t: string().max(20).optional(),
});

export const batchItemView = z.object({
  orderId: uuid,
  orderNo: string(),
  outcome: z.enum(BATCH_ITEM_OUTCOMES),
  errorCode: string(),
  /** The error in the user's language, with the platform's or carrier's own words where given. */
  message: string(),
});

export const batchView = z.object({
  id: uuid,
  kind: z.enum(WAYBILL_BATCH_KINDS),
  state: z.enum(WAYBILL_BATCH_STATES),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Print batches: the merged PDF is ready to fetch. */
  hasPdf: z.boolean(),
  errorMessage: string(),
  /** Orders that failed or were skipped, with why (successes are counted, not listed). */
  problems: z.array(batchItemView),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type BatchView = z.infer<typeof batchView>;

/** Actions on several orders: each order is done whole or not at all, and says why not. */
export const bulkReply = z.object({
  succeeded: z.number().int(),
  failed: z.array(z.object({ orderId: uuid, orderNo: string(), errorCode: string(), message: string() })),
});
export type BulkReply = z.infer<typeof bulkReply>;

export const packedBody = z.strictObject({
  orderIds: directOrderIds,
  /** The parcel's weight in grams, when weighed. */
  weightGrams: z.number().int().min(1).max(100_000).optional(),
});
