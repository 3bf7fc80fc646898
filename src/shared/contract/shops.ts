/**
 * Shop calls (spec 02 §3 'Shop': id, alias, status, authorisation): a seller's shops on the six
 * marketplaces, their authorisation by each platform's own flow, their order sync (on schedule,
 * on demand, by webhook) with its history, and SKU matching (spec 02 §1): each marketplace item
 * and variation the shops sold, paired to a local SKU. No reply ever carries a token or key.
 *
 * Routes (under /api): GET /shop/list, POST /shop/add, PUT /shop/edit, DELETE /shop/delete?id=,
 * POST /shop/authorise (→ the platform's URL), POST /shop/authorise/callback (what /shopifyAuth
 * received), POST /shop/keys (Coupang), POST /shop/sync, GET /shop/syncRuns?id=,
 * GET /shop/items, POST /shop/items/match, POST /shop/items/unmatch,
 * GET /shop/privacyRequests?id= (a shop's privacy requests, a data request with the buyer data
 * we hold); the platforms post webhooks to POST /webhooks/{platform}.
 */
import { z } from 'zod';
import { MARKETPLACE_PLATFORMS, SHOP_STATUSES, SYNC_RUN_STATES } from '../domain/marketplaces.js';
import { pageQuery, pageResult, requiredText, string, text, uuid } from './common.js';

const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();
const isoTime = string();

export const SHOP_LIMITS = {
  alias: 64,
  /** Items one bulk match or unmatch takes. */
  bulkMatch: 200,
} as const;

export const SYNC_TRIGGERS = ['schedule', 'manual', 'webhook', 'first'] as const;
export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];

export const shopView = z.object({
  id: uuid,
  sellerId: uuid,
  sellerName: string(),
  platform: z.enum(MARKETPLACE_PLATFORMS),
  alias: string(),
  /** The platform's id of the shop; '' until authorised. */
  platformShopId: string(),
  /** The shop's name on the platform. */
  shopName: string(),
  status: z.enum(SHOP_STATUSES),
  /** Why the shop stopped (an error code of errors:shop.*), '' when it did not. */
  statusReason: string(),
  warehouseId: uuid,
  warehouseName: string(),
  /** When the access stops working unless refreshed; null when it never expires. */
  authorisedUntil: isoTime.nullable(),
  lastSyncedAt: isoTime.nullable(),
  /** The run under way or the last one, for the list's progress column. */
  lastRun: z
    .object({
      id: uuid,
      state: z.enum(SYNC_RUN_STATES),
      trigger: z.enum(SYNC_TRIGGERS),
      fetched: z.number().int(),
      startedAt: isoTime,
      errorCode: string(),
    })
    .nullable(),
  /** Orders waiting for a line's SKU to be matched. */
  waitingOrders: z.number().int(),
  createdAt: isoTime,
});
export type ShopView = z.infer<typeof shopView>;

export const shopListQuery = z.strictObject({
  ...pageQuery.shape,
  platform: blankOr(z.enum(MARKETPLACE_PLATFORMS)),
  status: blankOr(z.enum(SHOP_STATUSES)),
  /** For agents and admins; a seller sees only their own. */
  sellerId: blankOr(uuid),
  alias: blankOr(text(SHOP_LIMITS.alias)),
});
export type ShopListQuery = z.infer<typeof shopListQuery>;

/** A shop added before it is authorised; agents and admins add it for a seller. */
export const addShopBody = z.strictObject({
  platform: z.enum(MARKETPLACE_PLATFORMS),
  alias: requiredText(SHOP_LIMITS.alias),
  /** The warehouse the shop's orders ship from. */
  warehouseId: uuid,
  sellerId: blankOr(uuid),
});
export type AddShopBody = z.infer<typeof addShopBody>;

export const updateShopBody = z.strictObject({
  id: uuid,
  alias: requiredText(SHOP_LIMITS.alias).optional(),
  warehouseId: uuid.optional(),
  /** Pause or resume the shop's sync. */
  isPaused: z.boolean().optional(),
});
export type UpdateShopBody = z.infer<typeof updateShopBody>;

/** One shop, by id (the query of a delete, the body of a sync). */
export const shopIdInput = z.strictObject({ id: uuid });

/** Starting a redirect authorisation; Shopify needs the shop's myshopify domain. */
export const authoriseShopBody = z.strictObject({
  id: uuid,
  shopDomain: blankOr(text(255).regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i, { message: 'shop_domain' })),
});
export const authoriseShopReply = z.object({ url: string() });

/** The query the platform's redirect landed on /shopifyAuth with, passed on whole. */
export const authorisationCallbackBody = z.strictObject({
  query: z.record(text(64), text(2048)).refine((query) => Object.keys(query).length <= 40),
});

/**
 * What a finished authorisation answers (the callback and the Coupang keys alike): the shop as
 * it now stands, so the return page can name it and its first sync.
 */
export const authorisedShopReply = shopView;

/** Coupang: the vendor's own id and keys (there is no redirect flow). */
export const shopKeysBody = z.strictObject({
  id: uuid,
  vendorId: requiredText(32),
  accessKey: requiredText(128),
  secretKey: requiredText(128),
});

/** An order a sync run could not store, and why (the product's own failure, not the platform's). */
export const syncOrderError = z.object({ orderNo: string(), message: string() });
export type SyncOrderError = z.infer<typeof syncOrderError>;

export const syncRunView = z.object({
  id: uuid,
  shopId: uuid,
  trigger: z.enum(SYNC_TRIGGERS),
  state: z.enum(SYNC_RUN_STATES),
  windowFrom: isoTime,
  windowTo: isoTime,
  pages: z.number().int(),
  fetched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Orders kept back until a line's SKU is matched. */
  waiting: z.number().int(),
  /** Orders the product could not store; the run went on without them (orderErrors says why). */
  failed: z.number().int(),
  orderErrors: z.array(syncOrderError),
  errorCode: string(),
  errorMessage: string(),
  startedAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type SyncRunView = z.infer<typeof syncRunView>;

export const syncRunListQuery = z.strictObject({ ...pageQuery.shape, id: uuid });
export const syncNowReply = z.object({
  /** Whether a run was queued; false when one is already queued or running. */
  isQueued: z.boolean(),
});

/** The privacy requests a platform sent about one shop (Shopify's compliance webhooks). */
export const PRIVACY_REQUEST_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;
export const privacyRequestListQuery = z.strictObject({ ...pageQuery.shape, id: uuid });
export const privacyRequestView = z.object({
  id: uuid,
  shopId: uuid,
  topic: z.enum(PRIVACY_REQUEST_TOPICS),
  /** The customer's platform id; '' for shop/redact. */
  customerId: string(),
  /** The order ids the platform named. */
  requestedOrderNos: z.array(string()),
  /** Our orders of the shop the request matched (by those ids or the customer's phone). */
  matchedOrderNos: z.array(string()),
  /** Rows redacted or deleted, and whether the shop's tokens were deleted. */
  outcome: z.object({
    orders: z.number().int(),
    marketplaceOrders: z.number().int(),
    marketplaceItems: z.number().int(),
    isTokensDeleted: z.boolean(),
  }),
  receivedAt: isoTime,
  handledAt: isoTime.nullable(),
  /** customers/data_request: the buyer fields we hold now of the matched orders, for the merchant. */
  heldData: z.array(
    z.object({
      orderNo: string(),
      /** Our order id; '' for an order still waiting for SKU matching. */
      systemNo: string(),
      orderedAt: isoTime,
      buyerName: string(),
      recipientName: string(),
      recipientPhone: string(),
      recipientAddress: string(),
      buyerMessage: string(),
    }),
  ),
});
export type PrivacyRequestView = z.infer<typeof privacyRequestView>;

export const MATCH_FILTERS = ['all', 'unmatched', 'matched'] as const;

export const marketplaceItemView = z.object({
  id: uuid,
  sellerId: uuid,
  platform: z.enum(MARKETPLACE_PLATFORMS),
  shopId: uuid,
  shopAlias: string(),
  itemId: string(),
  variationId: string(),
  sellerSku: string(),
  barcode: string(),
  title: string(),
  skuId: uuid.nullable(),
  skuCode: string(),
  skuName: string(),
  /** How the pairing was made; '' while unmatched. */
  matchedBy: z.enum(['', 'sku_code', 'barcode', 'hand']),
  /** Orders that wait for this item to be matched. */
  waitingOrders: z.number().int(),
  lastSeenAt: isoTime,
});
export type MarketplaceItemView = z.infer<typeof marketplaceItemView>;

export const marketplaceItemQuery = z.strictObject({
  ...pageQuery.shape,
  match: z.enum(MATCH_FILTERS).default('all'),
  shopId: blankOr(uuid),
  platform: blankOr(z.enum(MARKETPLACE_PLATFORMS)),
  sellerId: blankOr(uuid),
  /** Item id, variation id, seller SKU, barcode or title. */
  search: blankOr(text(128)),
});
export type MarketplaceItemQuery = z.infer<typeof marketplaceItemQuery>;

export const matchItemsBody = z.strictObject({
  matches: z
    .array(z.strictObject({ itemId: uuid, skuId: uuid }))
    .min(1)
    .max(SHOP_LIMITS.bulkMatch),
});
export const unmatchItemsBody = z.strictObject({
  itemIds: z.array(uuid).min(1).max(SHOP_LIMITS.bulkMatch),
});
export const matchReply = z.object({
  matched: z.number().int(),
  /** Waiting orders the matching released into the order list. */
  released: z.number().int(),
});

export const shopPage = pageResult(shopView);
export const syncRunPage = pageResult(syncRunView);
export const privacyRequestPage = pageResult(privacyRequestView);
export const marketplaceItemPage = pageResult(marketplaceItemView);
