/**
 * Inbound calls (spec 02 §3 'Inbound order'): making an order with its boxes, the list with its
 * status tabs and filters, the detail with per-box and per-SKU progress, and the receiving,
 * discrepancy, shelving and finish-box inputs that the admin and the PDA's ops share.
 */
import { z } from 'zod';
import {
  DISCREPANCY_KINDS,
  INBOUND_LIMITS as LIMITS,
  INBOUND_PHOTO_KEY,
  INBOUND_STATUSES,
  TRANSPORT_MODES,
  WAREHOUSING_TYPES,
} from '../domain/inbound.js';
import { pageQuery, requiredText, string, uuid, text } from './common.js';

const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();
/** A ship, receipt or shelving quantity: a whole number of units, at least one. */
export const inboundQuantity = z.number().int().min(1).max(LIMITS.quantity);
const quantity = inboundQuantity;
/** A discrepancy photo, by the key the PDA stored it under (domain INBOUND_PHOTO_KEY). */
export const photoKey = string().max(200).regex(INBOUND_PHOTO_KEY, { message: 'file_key_format' });

export const inboundBoxInput = z.strictObject({
  boxNo: requiredText(LIMITS.boxNo),
  lines: z
    .array(z.strictObject({ skuId: uuid, shipQuantity: quantity }))
    .min(1)
    .max(LIMITS.linesPerBox),
});

/** warehouseId may come blank: the service answers 'inbound.warehouse_required'. */
export const createInboundInput = z.strictObject({
  warehouseId: blankOr(uuid).nullable(),
  transportMode: z.enum(TRANSPORT_MODES),
  expectedArrival: z.iso.datetime({ offset: true }).nullable().default(null),
  warehousingType: z.enum(WAREHOUSING_TYPES).default('normal'),
  shippingRemark: text(LIMITS.remark).default(''),
  boxes: z.array(inboundBoxInput).min(1).max(LIMITS.boxes),
});
export type CreateInboundInput = z.input<typeof createInboundInput>;

/** The whole order again (header and boxes), while nothing of it was received. */
export const editInboundInput = z.strictObject({ id: uuid, ...createInboundInput.shape });
export type EditInboundInput = z.input<typeof editInboundInput>;

export const cancelInboundInput = z.strictObject({ id: uuid });
export type CancelInboundInput = z.input<typeof cancelInboundInput>;

/** A whole box (no skuId: everything it still expects) or one SKU of it with a quantity. */
export const receiveInboundInput = z
  .strictObject({
    inboundOrderId: uuid,
    boxId: uuid,
    skuId: uuid.optional(),
    quantity: quantity.optional(),
    /** The batch or lot a GS1 label carried (AI 10), kept with the receipt. */
    lot: text(20).optional(),
    /** The expiry date a GS1 label carried (AI 17, YYMMDD). */
    expiry: string()
      .regex(/^\d{6}$/)
      .optional(),
    /**
     * The worker confirmed receiving beyond what the line expects plus the warehouse's tolerance
     * (the device asked); without it such a receipt is refused ('inbound.over_receipt_unconfirmed').
     */
    overReceipt: z.literal(true).optional(),
  })
  .refine((input) => (input.skuId === undefined) === (input.quantity === undefined), {
    message: 'sku_and_quantity',
    path: ['quantity'],
  });
export type ReceiveInboundInput = z.input<typeof receiveInboundInput>;

/** unknown_sku names the scanned barcode; the other kinds name a SKU of the order. */
export const reportDiscrepancyInput = z
  .strictObject({
    inboundOrderId: uuid,
    boxId: uuid.optional(),
    skuId: uuid.optional(),
    barcode: requiredText(LIMITS.barcode).optional(),
    kind: z.enum(DISCREPANCY_KINDS),
    quantity,
    reason: requiredText(LIMITS.reason),
    photos: z.array(photoKey).max(LIMITS.photos).default([]),
  })
  .refine(
    (input) => (input.kind === 'unknown_sku' ? input.barcode !== undefined : input.skuId !== undefined),
    {
      message: 'required',
      path: ['skuId'],
    },
  );
export type ReportDiscrepancyInput = z.input<typeof reportDiscrepancyInput>;

/**
 * Received units of a SKU from the receiving area onto a location (of a box, or any box).
 * `overCapacity`: a supervisor's override to shelve above the location's capacity.
 */
export const shelveInboundInput = z.strictObject({
  inboundOrderId: uuid,
  skuId: uuid,
  boxId: uuid.optional(),
  locationId: uuid,
  quantity,
  overCapacity: z.literal(true).optional(),
});
export type ShelveInboundInput = z.input<typeof shelveInboundInput>;

export const finishBoxInput = z.strictObject({ inboundOrderId: uuid, boxId: uuid });
export type FinishBoxInput = z.input<typeof finishBoxInput>;

export const inboundListQuery = z.strictObject({
  ...pageQuery.shape,
  status: blankOr(z.enum(INBOUND_STATUSES)),
  warehouseId: blankOr(uuid),
  inboundNo: blankOr(text(32)),
  /** For agent and warehouse roles; a seller always sees only their own. */
  sellerId: blankOr(uuid),
});
export type InboundListQuery = z.infer<typeof inboundListQuery>;

export const inboundOrderRow = z.object({
  id: string(),
  inboundNo: string(),
  sellerId: string(),
  sellerName: string(),
  warehouseId: string(),
  warehouseCode: string(),
  transportMode: z.enum(TRANSPORT_MODES),
  expectedArrival: string().nullable(),
  warehousingType: z.enum(WAREHOUSING_TYPES),
  shippingRemark: string(),
  status: z.enum(INBOUND_STATUSES),
  abnormalReason: string(),
  boxCount: z.number().int(),
  shipQuantity: z.number().int(),
  receivedQuantity: z.number().int(),
  shelvedQuantity: z.number().int(),
  createdAt: string(),
});
export type InboundOrderRow = z.infer<typeof inboundOrderRow>;

export const inboundLineView = z.object({
  id: string(),
  skuId: string(),
  sellerSku: string(),
  sysCode: string(),
  productName: string(),
  shipQuantity: z.number().int(),
  receivedQuantity: z.number().int(),
  shelvedQuantity: z.number().int(),
  damagedQuantity: z.number().int(),
});
export type InboundLineView = z.infer<typeof inboundLineView>;

export const inboundBoxView = z.object({
  id: string(),
  boxNo: string(),
  finishedAt: string().nullable(),
  lines: z.array(inboundLineView),
});
export type InboundBoxView = z.infer<typeof inboundBoxView>;

export const discrepancyView = z.object({
  id: string(),
  boxId: string().nullable(),
  skuId: string().nullable(),
  barcode: string().nullable(),
  kind: z.enum(DISCREPANCY_KINDS),
  quantity: z.number().int(),
  reason: string(),
  photos: z.array(string()),
  createdAt: string(),
});

/** The ledger's movements an inbound order shows: receipts, shelving, and scans undone. */
export const INBOUND_RECORD_KINDS = ['receipt', 'shelve_move', 'receipt_undo', 'shelve_undo'] as const;

/** A receipt onto the receiving area or a shelving move (or one taken back), from the ledger. */
export const inboundRecordView = z.object({
  id: z.number().int(),
  kind: z.enum(INBOUND_RECORD_KINDS),
  skuId: string(),
  sellerSku: string(),
  quantity: z.number().int(),
  fromLocationCode: string().nullable(),
  toLocationCode: string().nullable(),
  reason: string(),
  actorName: string().nullable(),
  createdAt: string(),
});

export const inboundDetail = inboundOrderRow.extend({
  receivingLocationCode: string(),
  boxes: z.array(inboundBoxView),
  /** Per SKU over every box. */
  skus: z.array(inboundLineView.omit({ id: true })),
  discrepancies: z.array(discrepancyView),
  records: z.array(inboundRecordView),
});
export type InboundDetail = z.infer<typeof inboundDetail>;

/** What receiving, a discrepancy, shelving or finishing a box answers. */
export const inboundChangeView = z.object({
  inboundOrderId: string(),
  status: z.enum(INBOUND_STATUSES),
  /** Units this call received or shelved. */
  quantity: z.number().int(),
});
export type InboundChangeView = z.infer<typeof inboundChangeView>;

/**
 * The box list as a spreadsheet: one row per SKU of a box (box number, the seller's SKU code or
 * a barcode of it, ship quantity); rows with the same box number form one box. Import answers
 * the boxes for the new-order form, or refuses the whole file with a row-by-row report.
 */
export const BOX_SHEET_COLUMNS = ['boxNo', 'sku', 'shipQuantity'] as const;
export type BoxSheetColumn = (typeof BOX_SHEET_COLUMNS)[number];

export const BOX_SHEET_LIMITS = {
  /** Data rows one file may hold. */
  rows: 5000,
  fileBytes: 5 * 1024 * 1024,
  /** Row errors one report lists. */
  reportedErrors: 500,
  /** A seller SKU or a barcode. */
  code: 64,
} as const;

const languageParam = string().max(16).optional();
const cacheBuster = string().max(20).optional();

export const boxSheetTemplateQuery = z.strictObject({ lang: languageParam, _t: cacheBuster });

/** One data row of the box list, as the import reads it. */
export const boxSheetRow = z.strictObject({
  boxNo: requiredText(LIMITS.boxNo),
  sku: requiredText(BOX_SHEET_LIMITS.code),
  shipQuantity: quantity,
});
export type BoxSheetRow = z.infer<typeof boxSheetRow>;

export const importedBoxLine = z.object({
  skuId: string(),
  sellerSku: string(),
  /** The product's name. */
  name: string(),
  variation: string().nullable(),
  shipQuantity: z.number().int(),
});
export type ImportedBoxLine = z.infer<typeof importedBoxLine>;

/** What a clean import answers: the boxes in the file's order, ready for the new-order form. */
export const importedBoxList = z.object({
  boxes: z.array(z.object({ boxNo: string(), lines: z.array(importedBoxLine) })),
});
export type ImportedBoxList = z.infer<typeof importedBoxList>;

/** GET /inbound/order/box/labels: one label per box of an order the caller may see. */
export const boxLabelQuery = z.strictObject({ id: uuid, lang: languageParam, _t: cacheBuster });
export type BoxLabelQuery = z.infer<typeof boxLabelQuery>;
