/**
 * Stock calls and the inputs of the ledger's service functions (docs/architecture.md §5): the stock list with
 * ages, stock per location, receipt and issue records, and the hand-made changes (adjust,
 * freeze, unfreeze, move). Quantities are integers within STOCK_LIMITS.
 */
import { z } from 'zod';
import { MOVEMENT_KINDS, STOCK_AGE_FILTERS, STOCK_LIMITS as LIMITS } from '../domain/stock.js';
import { LOCATION_TYPES } from '../domain/warehouse.js';
import { batchSearch } from './catalog.js';
import { pageQuery, requiredText, string, uuid, text } from './common.js';
import { stockCode } from './warehouse.js';

const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();
const pagedQuery = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...pageQuery.shape, ...shape });
const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

const quantity = z.number().int().min(1).max(LIMITS.quantity);
const signedQuantity = z
  .number()
  .int()
  .min(-LIMITS.quantity)
  .max(LIMITS.quantity)
  .refine((value) => value !== 0, { message: 'non_zero' });
const reason = requiredText(LIMITS.reason);

/** The document a movement comes from (an inbound order, an order, a count…); 'manual' by hand. */
export const stockSource = z.strictObject({
  type: string()
    .min(1)
    .max(LIMITS.sourceType)
    .regex(/^[a-z][a-z_]*$/, { message: 'source_type_format' }),
  id: text(LIMITS.sourceId).nullable().default(null),
});
export type StockSource = z.infer<typeof stockSource>;
const source = stockSource.default({ type: 'manual', id: null });

// The service functions' inputs

export const receiveStockInput = z.strictObject({
  warehouseId: uuid,
  skuId: uuid,
  locationId: uuid,
  quantity,
  /** When the goods arrived, for their age; now when not given. */
  receivedAt: z.date().optional(),
  source,
  reason: text(LIMITS.reason).default(''),
});
export type ReceiveStockInput = z.input<typeof receiveStockInput>;

export const moveStockInput = z.strictObject({
  warehouseId: uuid,
  skuId: uuid,
  fromLocationId: uuid,
  toLocationId: uuid,
  quantity,
  /** shelve_move when putting received goods away, move otherwise. */
  kind: z.enum(['move', 'shelve_move']).default('move'),
  source,
  reason: text(LIMITS.reason).default(''),
});
export type MoveStockInput = z.input<typeof moveStockInput>;

/** reserve, release, freeze and unfreeze: between available and frozen, no goods move. */
export const holdStockInput = z.strictObject({
  warehouseId: uuid,
  skuId: uuid,
  quantity,
  source,
  reason: text(LIMITS.reason).default(''),
});
export type HoldStockInput = z.input<typeof holdStockInput>;

/** issue and destroy: goods leave from a location. */
export const issueStockInput = z.strictObject({
  warehouseId: uuid,
  skuId: uuid,
  locationId: uuid,
  quantity,
  source,
  reason: text(LIMITS.reason).default(''),
});
export type IssueStockInput = z.input<typeof issueStockInput>;

/** adjust and count_correction: a signed correction at a location, with its reason. */
export const adjustStockInput = z.strictObject({
  warehouseId: uuid,
  skuId: uuid,
  locationId: uuid,
  quantity: signedQuantity,
  kind: z.enum(['adjust', 'count_correction']).default('adjust'),
  source,
  reason,
});
export type AdjustStockInput = z.input<typeof adjustStockInput>;

export const transferOutInput = z.strictObject({
  warehouseId: uuid,
  toWarehouseId: uuid,
  skuId: uuid,
  locationId: uuid,
  quantity,
  source,
  reason: text(LIMITS.reason).default(''),
});
export type TransferOutInput = z.input<typeof transferOutInput>;

/**
 * One entry of a batch of movements (the ledger's `recordMovements`), by kind, with the fields
 * the single use case of that kind takes: a receipt, return or transfer arrival onto a location;
 * a receipt taken back, an issue or a destruction off one; a move between two; a hold (reserve,
 * release, freeze, unfreeze) with no location; a signed correction at a location. Transfers out
 * touch two warehouses and go through `transferOut`.
 */
export const stockMovementInput = z.discriminatedUnion('kind', [
  receiveStockInput.extend({ kind: z.enum(['receipt', 'return', 'transfer_in']) }),
  issueStockInput.extend({ kind: z.enum(['receipt_undo', 'issue', 'destroy']) }),
  moveStockInput.extend({ kind: z.enum(['move', 'shelve_move', 'shelve_undo']) }),
  holdStockInput.extend({ kind: z.enum(['reserve', 'release', 'freeze', 'unfreeze', 'transfer_short']) }),
  adjustStockInput.extend({ kind: z.enum(['adjust', 'count_correction']) }),
]);
export type StockMovementInput = z.input<typeof stockMovementInput>;

export const stockMovementsInput = z.array(stockMovementInput).min(1).max(LIMITS.movementBatch);
export type StockMovementsInput = z.input<typeof stockMovementsInput>;

// The HTTP calls

export const adjustBody = z.strictObject({
  warehouseId: uuid,
  skuId: uuid,
  locationId: uuid,
  quantity: signedQuantity,
  reason,
});
export type AdjustBody = z.infer<typeof adjustBody>;

export const freezeBody = z.strictObject({ warehouseId: uuid, skuId: uuid, quantity, reason });
export type FreezeBody = z.infer<typeof freezeBody>;

export const moveBody = z.strictObject({
  warehouseId: uuid,
  skuId: uuid,
  fromLocationId: uuid,
  toLocationId: uuid,
  quantity,
  reason: text(LIMITS.reason).default(''),
});
export type MoveBody = z.infer<typeof moveBody>;

export const stockBalanceView = z.object({
  warehouseId: string(),
  skuId: string(),
  available: z.number().int(),
  frozen: z.number().int(),
  total: z.number().int(),
  inTransit: z.number().int(),
});
export type StockBalanceView = z.infer<typeof stockBalanceView>;

export const stockChangeView = z.object({ movementId: z.number().int(), balance: stockBalanceView });
export type StockChangeView = z.infer<typeof stockChangeView>;

export const stockListQuery = pagedQuery({
  warehouseId: blankOr(uuid),
  skuSearch: batchSearch.optional(),
  /** Only stock holding units older than so many days. */
  stockAge: blankOr(z.coerce.number().pipe(z.union(STOCK_AGE_FILTERS.map((days) => z.literal(days))))),
  belowSafety: blankOr(booleanQuery),
  /** For agent and warehouse roles; a seller always sees only their own. */
  sellerId: blankOr(uuid),
});
export type StockListQuery = z.infer<typeof stockListQuery>;

export const stockAges = z.object({
  lt30: z.number().int(),
  '30_90': z.number().int(),
  '90_180': z.number().int(),
  gt180: z.number().int(),
});

export const stockRow = stockBalanceView.extend({
  warehouseCode: string(),
  warehouseName: string(),
  sellerId: string(),
  sellerName: string(),
  productId: string(),
  productName: string(),
  photo: string().nullable(),
  sellerSku: string(),
  sysCode: string(),
  customCode: string().nullable(),
  localCode: string().nullable(),
  variation: string(),
  safetyStock: z.number().int(),
  isBelowSafety: z.boolean(),
  cost: z.number().int().nullable(),
  costCurrency: string(),
  /** Shelf codes the SKU lies on in this warehouse. */
  locationCodes: z.array(string()),
  /** Units by stock-age bucket, from the receipt lots. */
  ages: stockAges,
  oldestReceivedAt: string().nullable(),
});
export type StockRow = z.infer<typeof stockRow>;

export const locationStockQuery = pagedQuery({
  warehouseId: blankOr(uuid),
  partitionId: blankOr(uuid),
  locationId: blankOr(uuid),
  locationCode: blankOr(stockCode),
  locationType: blankOr(z.enum(LOCATION_TYPES)),
  skuSearch: batchSearch.optional(),
  sellerId: blankOr(uuid),
});
export type LocationStockQuery = z.infer<typeof locationStockQuery>;

export const locationStockRow = z.object({
  warehouseId: string(),
  warehouseCode: string(),
  locationId: string(),
  locationCode: string(),
  locationType: z.enum(LOCATION_TYPES),
  partitionCode: string().nullable(),
  skuId: string(),
  sellerId: string(),
  sellerSku: string(),
  sysCode: string(),
  productName: string(),
  variation: string(),
  quantity: z.number().int(),
});
export type LocationStockRow = z.infer<typeof locationStockRow>;

export const stockRecordsQuery = pagedQuery({
  warehouseId: blankOr(uuid),
  skuSearch: batchSearch.optional(),
  kind: blankOr(z.enum(MOVEMENT_KINDS)),
  /** in: goods came into the warehouse; out: goods left it. */
  direction: blankOr(z.enum(['in', 'out'])),
  sourceId: text(LIMITS.sourceId).optional(),
  sellerId: blankOr(uuid),
  /** Within the last 90 days; earlier bounds are raised to it. */
  from: blankOr(z.iso.datetime({ offset: true })),
  to: blankOr(z.iso.datetime({ offset: true })),
});
export type StockRecordsQuery = z.infer<typeof stockRecordsQuery>;

export const stockRecord = z.object({
  id: z.number().int(),
  kind: z.enum(MOVEMENT_KINDS),
  warehouseId: string(),
  warehouseCode: string(),
  skuId: string(),
  sellerId: string(),
  sellerSku: string(),
  sysCode: string(),
  productName: string(),
  quantity: z.number().int(),
  availableDelta: z.number().int(),
  frozenDelta: z.number().int(),
  inTransitDelta: z.number().int(),
  fromLocationCode: string().nullable(),
  toLocationCode: string().nullable(),
  sourceType: string(),
  sourceId: string().nullable(),
  reason: string(),
  actorName: string().nullable(),
  createdAt: string(),
});
export type StockRecord = z.infer<typeof stockRecord>;
