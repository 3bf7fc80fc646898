/**
 * Packing, bagging and hand-over (docs/architecture.md "Pack, bag and hand over"): the PDA ops'
 * payloads, the work the PDA fetches to check every scan offline, and the admin's bag calls.
 */
import { z } from 'zod';
import { BAG_DELIVERY_STATUSES, BAG_NO_PATTERN, BAG_STATUSES } from '../domain/bags.js';
import { pageQuery, pageResult, string, uuid } from './common.js';

export const PACK_LIMITS = {
  linesPerParcel: 200,
  unitsPerLine: 9999,
  /** Grams: a parcel up to 100 kg, a bag up to 1 t. */
  parcelGrams: 100_000,
  bagGrams: 1_000_000,
  bagsPerHandover: 200,
  parcelsPerHandover: 1000,
  bagsPerStatusChange: 200,
} as const;

/** A bag number, case-folded (foldBagNo): 'uxb622404' is the bag 'UXB622404'. */
export const bagNo = string()
  .trim()
  .toUpperCase()
  .min(1, { message: 'bag_no_required' })
  .max(40)
  .regex(BAG_NO_PATTERN, { message: 'bag_no_format' });

/** pack.pack: every unit scanned into the parcel, by SKU, and its weight. */
export const packParcelInput = z.strictObject({
  orderId: uuid,
  items: z
    .array(z.strictObject({ skuId: uuid, quantity: z.number().int().min(1).max(PACK_LIMITS.unitsPerLine) }))
    .min(1)
    .max(PACK_LIMITS.linesPerParcel),
  weightGrams: z.number().int().min(1).max(PACK_LIMITS.parcelGrams).optional(),
});
export type PackParcelInput = z.input<typeof packParcelInput>;

/** pack.put_back: the units of an order cancelled after it was picked, back onto a location. */
export const putBackInput = z.strictObject({ orderId: uuid, locationId: uuid });
export type PutBackInput = z.input<typeof putBackInput>;

/** bag.open: a bag the device numbered (scanned or made) under an id it made. */
export const openBagInput = z.strictObject({ bagId: uuid, bagNo, warehouseId: uuid });
export type OpenBagInput = z.input<typeof openBagInput>;

/** bag.add / bag.remove: one parcel into or out of an open bag. */
export const bagParcelInput = z.strictObject({ bagId: uuid, orderId: uuid });
export type BagParcelInput = z.input<typeof bagParcelInput>;

/** bag.close: the bag weighed and closed. */
export const closeBagInput = z.strictObject({
  bagId: uuid,
  weightGrams: z.number().int().min(1).max(PACK_LIMITS.bagGrams),
});
export type CloseBagInput = z.input<typeof closeBagInput>;

/** handover.deliver: closed bags and loose packed parcels handed to the carrier at once. */
export const handoverInput = z
  .strictObject({
    handoverId: uuid,
    warehouseId: uuid,
    bagIds: z.array(uuid).max(PACK_LIMITS.bagsPerHandover),
    orderIds: z.array(uuid).max(PACK_LIMITS.parcelsPerHandover),
  })
  .refine((input) => input.bagIds.length + input.orderIds.length > 0, {
    message: 'handover_empty',
    path: ['bagIds'],
  });
export type HandoverInput = z.input<typeof handoverInput>;

/** What the PDA fetches: the warehouse's parcels to pack, bag and hand over, and its bags. */
export const pdaOutboundQuery = z.strictObject({ warehouseId: uuid, _t: string().max(20).optional() });

export const PARCEL_STATES = ['to_pack', 'packed', 'bagged', 'cancelled'] as const;
export type ParcelState = (typeof PARCEL_STATES)[number];

export const pdaParcelLine = z.object({
  skuId: string(),
  sellerSku: string(),
  name: string(),
  quantity: z.number().int(),
  /** Every code a scan of the SKU may carry: seller SKU, system code, barcodes. */
  codes: z.array(string()),
});
export const pdaParcel = z.object({
  orderId: string(),
  orderNo: string(),
  trackingNo: string(),
  warehouseId: string(),
  channelId: string().nullable(),
  channelName: string(),
  state: z.enum(PARCEL_STATES),
  bagId: string().nullable(),
  weightGrams: z.number().int().nullable(),
  lines: z.array(pdaParcelLine),
  /** Where a cancelled order's picked units wait (to put back). */
  picks: z.array(z.object({ locationId: string(), skuId: string(), quantity: z.number().int() })),
});
export type PdaParcel = z.infer<typeof pdaParcel>;

export const pdaBag = z.object({
  id: string(),
  bagNo: string(),
  warehouseId: string(),
  channelId: string().nullable(),
  status: z.enum(BAG_STATUSES),
  weightGrams: z.number().int().nullable(),
  orderIds: z.array(string()),
});
export type PdaBag = z.infer<typeof pdaBag>;

export const pdaOutboundWork = z.object({ parcels: z.array(pdaParcel), bags: z.array(pdaBag) });
export type PdaOutboundWork = z.infer<typeof pdaOutboundWork>;

/** Admin: the bag list. */
export const bagListQuery = pageQuery.extend({
  bagNo: string().trim().max(40).optional(),
  trackingNo: string().trim().max(64).optional(),
  warehouseId: uuid.optional(),
  status: z.enum(BAG_STATUSES).optional(),
  deliveryStatus: z.enum(BAG_DELIVERY_STATUSES).optional(),
});
export type BagListQuery = z.infer<typeof bagListQuery>;

export const bagView = z.object({
  id: string(),
  bagNo: string(),
  warehouseId: string(),
  warehouseName: string(),
  channelId: string().nullable(),
  channelName: string(),
  status: z.enum(BAG_STATUSES),
  packageCount: z.number().int(),
  weightGrams: z.number().int().nullable(),
  deliveryStatus: z.enum(BAG_DELIVERY_STATUSES),
  /** When it was handed over (spec: delivery time). */
  deliveredAt: string().nullable(),
  openedAt: string(),
  closedAt: string().nullable(),
});
export type BagView = z.infer<typeof bagView>;
export const bagPage = pageResult(bagView);

export const bagDetail = bagView.extend({
  parcels: z.array(
    z.object({
      orderId: string(),
      orderNo: string(),
      trackingNo: string(),
      weightGrams: z.number().int().nullable(),
      warehouseStatus: string(),
    }),
  ),
});
export type BagDetail = z.infer<typeof bagDetail>;

export const bagIdQuery = z.strictObject({ id: uuid, _t: string().max(20).optional() });

export const bagDeliveryStatusBody = z.strictObject({
  ids: z.array(uuid).min(1).max(PACK_LIMITS.bagsPerStatusChange),
  deliveryStatus: z.enum(BAG_DELIVERY_STATUSES),
});
export type BagDeliveryStatusBody = z.infer<typeof bagDeliveryStatusBody>;
