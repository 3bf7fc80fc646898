/**
 * Waves and picking: the admin's wave list, detail and creation (from chosen orders or
 * by criteria), and the handheld's ops (pick.claim, pick.take, pick.short) with the open waves it
 * keeps for offline checks (GET /pda/waves).
 */
import { z } from 'zod';
import { PARCEL_TYPES } from '../domain/order.js';
import {
  SHORT_PICK_REASONS,
  WAVE_LIMITS as LIMITS,
  WAVE_ORDER_STATES,
  WAVE_STATUSES,
} from '../domain/picking.js';
import { pageQuery, string, text, uuid } from './common.js';

const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();
const uniqueIds = (max: number) =>
  z
    .array(uuid)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' });

export const waveListQuery = z.strictObject({
  ...pageQuery.shape,
  status: blankOr(z.enum(WAVE_STATUSES)),
  warehouseId: blankOr(uuid),
  waveNo: blankOr(text(LIMITS.waveNo)),
  _t: string().max(20).optional(),
});
export type WaveListQuery = z.infer<typeof waveListQuery>;

/**
 * A wave from chosen orders (orderIds), or else from the warehouse's ready orders matching the
 * criteria (channel, parcel type, shop), oldest ship-by first, at most maxOrders.
 */
export const createWaveInput = z.strictObject({
  warehouseId: uuid,
  orderIds: uniqueIds(LIMITS.orders).default([]),
  channelId: blankOr(uuid),
  parcelType: blankOr(z.enum(PARCEL_TYPES)),
  shopId: blankOr(text(255)),
  maxOrders: z.number().int().min(1).max(LIMITS.orders).default(50),
});
export type CreateWaveInput = z.input<typeof createWaveInput>;

/**
 * POST /wave/repick: short-picked orders put back to be picked (their units found, or the shelf
 * counted); each goes into a new wave for what is still missing.
 */
export const repickInput = z.strictObject({
  orderIds: uniqueIds(LIMITS.orders).min(1),
});
export type RepickInput = z.input<typeof repickInput>;

/** GET /wave/readyOrders: the warehouse's orders a wave may take, oldest ship-by first. */
export const readyOrdersQuery = z.strictObject({
  warehouseId: uuid,
  _t: string().max(20).optional(),
});
export const readyOrderRow = z.object({
  id: string(),
  orderNo: string(),
  shopId: string(),
  shopName: string(),
  parcelType: z.enum(PARCEL_TYPES),
  channelId: string().nullable(),
  channelName: string(),
  trackingNo: string(),
  units: z.number().int(),
  shipBy: string().nullable(),
});
export type ReadyOrderRow = z.infer<typeof readyOrderRow>;

export const waveRow = z.object({
  id: string(),
  waveNo: string(),
  warehouseId: string(),
  warehouseCode: string(),
  status: z.enum(WAVE_STATUSES),
  orderCount: z.number().int(),
  units: z.number().int(),
  pickedUnits: z.number().int(),
  shortUnits: z.number().int(),
  pickerName: string(),
  createdAt: string(),
});
export type WaveRow = z.infer<typeof waveRow>;

export const waveDetail = waveRow.extend({
  orders: z.array(
    z.object({
      orderId: string(),
      orderNo: string(),
      trackingNo: string(),
      state: z.enum(WAVE_ORDER_STATES),
      localStatus: string(),
      warehouseStatus: string(),
      /** Short here, its short_pick problem still open: it may be put back to be picked. */
      repickable: z.boolean(),
      lines: z.array(
        z.object({
          lineId: string(),
          sellerSku: string(),
          name: string(),
          quantity: z.number().int(),
          picked: z.number().int(),
          short: z.number().int(),
        }),
      ),
    }),
  ),
  shortages: z.array(
    z.object({
      orderNo: string(),
      sellerSku: string(),
      locationCode: string(),
      quantity: z.number().int(),
      reason: z.enum(SHORT_PICK_REASONS),
      reportedBy: string(),
      createdAt: string(),
    }),
  ),
});
export type WaveDetail = z.infer<typeof waveDetail>;

/** PDA op 'pick.claim': the worker takes the wave (it shows as theirs in the admin). */
export const claimWaveInput = z.strictObject({ waveId: uuid });
export type ClaimWaveInput = z.input<typeof claimWaveInput>;

/** PDA op 'pick.take': units of an order's line taken from a shelf to the staging location. */
export const pickTakeInput = z.strictObject({
  waveId: uuid,
  orderId: uuid,
  lineId: uuid,
  locationId: uuid,
  quantity: z.number().int().min(1).max(LIMITS.quantityPerPick),
});
export type PickTakeInput = z.input<typeof pickTakeInput>;

/** PDA op 'pick.short': units of an order's line that cannot be picked, with why. */
export const pickShortInput = z.strictObject({
  waveId: uuid,
  orderId: uuid,
  lineId: uuid,
  locationId: uuid.nullable().default(null),
  quantity: z.number().int().min(1).max(LIMITS.quantityPerPick),
  reason: z.enum(SHORT_PICK_REASONS),
});
export type PickShortInput = z.input<typeof pickShortInput>;

/** GET /pda/waves: the warehouse's open waves with all a scan is checked against offline. */
export const pdaWavesQuery = z.strictObject({
  warehouseId: uuid,
  deviceId: string().max(64).optional(),
  _t: string().max(20).optional(),
});

export const pdaWave = z.object({
  id: string(),
  waveNo: string(),
  warehouseId: string(),
  status: z.enum(WAVE_STATUSES),
  pickerName: string(),
  orders: z.array(
    z.object({
      id: string(),
      orderNo: string(),
      /** The parcel's tracking number and channel, for the pack list of a device that picks it (optional: waves cached before). */
      trackingNo: string().optional(),
      channelId: string().nullable().optional(),
      channelName: string().optional(),
      state: z.enum(WAVE_ORDER_STATES),
      lines: z.array(
        z.object({
          id: string(),
          skuId: string(),
          quantity: z.number().int(),
          picked: z.number().int(),
          short: z.number().int(),
        }),
      ),
    }),
  ),
  skus: z.array(
    z.object({
      id: string(),
      sellerSku: string(),
      sysCode: string().optional(),
      name: string(),
      barcodes: z.array(string()),
    }),
  ),
  /** Where the wave's SKUs lie (shelves, not staging), with the units there when fetched. */
  stock: z.array(
    z.object({ locationId: string(), code: string(), skuId: string(), quantity: z.number().int() }),
  ),
});
export type PdaWave = z.infer<typeof pdaWave>;

export const pdaWavesReply = z.object({
  waves: z.array(pdaWave),
  /** The device's last op the server applied (null without deviceId): later queued ops are not in `waves`. */
  lastProcessedSeq: z.number().int().nullable(),
});
export type PdaWavesReply = z.infer<typeof pdaWavesReply>;
