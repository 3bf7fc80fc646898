/**
 * What every marketplace connector does, in one shape, so shops, sync and webhooks are written
 * once and each platform's file holds only what its documents say: how a seller authorises, how
 * a request is signed, how orders are paged, how errors look, how an order reads.
 *
 * A connector is pure I/O against the platform: it keeps no state, retries nothing and never
 * touches our database. It signs and sends one request sequence, reads the reply's envelope
 * (several platforms answer errors inside HTTP 200) and throws a MarketplaceError with one of
 * our codes; the sync engine decides whether to wait, refresh the token, stop the shop or retry.
 */
import { PRIVACY_REQUEST_TOPICS } from '@shared/contract/shops.js';
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import type { OrderCurrency, PlatformStatus } from '@shared/domain/order.js';
import type { WebhookWindow } from './webhook-window.js';

export type { MarketplacePlatform };

/** The app we registered with a platform: its keys and where its API answers. */
export interface AppConfig {
  /** Shopee partner_id, Lazada/TikTok app_key, Shopify client id, Joom client id, Coupang: unused. */
  appKey: string;
  /** Shopee partner_key, Lazada/TikTok app_secret, Shopify client secret, Joom client secret. */
  appSecret: string;
  /** The API's base URL without a trailing slash (the live host, or the sandbox's platform prefix). */
  apiUrl: string;
  /** Where the seller's browser is sent to authorise, when it differs from apiUrl. */
  authUrl: string;
}

/**
 * What a shop's authorisation gave us. Tokens and keys are secrets: the shops module encrypts
 * them at rest and never logs them or sends them to a browser.
 */
export interface ShopGrant {
  /** The platform's id of the shop (Shopee shop_id, Lazada seller_id, TikTok shop id, the
   * myshopify domain, Joom merchant id, Coupang vendorId). */
  platformShopId: string;
  /** The shop's name as the platform gives it, when it does. */
  shopName: string;
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working; null when it does not expire (Coupang keys). */
  accessExpiresAt: Date | null;
  /** When the refresh token stops working; null when unknown or never. */
  refreshExpiresAt: Date | null;
  /** Platform extras the calls need: TikTok shop_cipher, Lazada country, Coupang access and secret key. */
  extra: Record<string, string>;
}

/** Everything a call needs: the app, the shop's grant and the network. */
export interface CallContext {
  app: AppConfig;
  grant: ShopGrant;
  /** The global fetch, or a test's; a connector never reaches the network any other way. */
  fetch: typeof fetch;
  /** The clock signing uses (a test or the sandbox may move it). */
  now(): Date;
  /**
   * Waits as the shop's session waits between retries (the runtime's sleep). Given, a connector
   * whose page makes many calls may wait out a refused one and ask again, rather than fail the
   * page for the session to send again whole; absent (a bare context), it fails the page.
   */
  sleep?: (ms: number) => Promise<void>;
}

/** One line as the platform sold it, grouped to one line per item and variation. */
export interface MarketplaceLine {
  itemId: string;
  variationId: string;
  /** The seller's own SKU code on the platform; '' when the seller set none. */
  sellerSku: string;
  /** The variation's barcode (GTIN/EAN) when the platform gives one. */
  barcode: string;
  title: string;
  quantity: number;
  /** Unit price in minor units of the order's currency (CURRENCY_DECIMALS). */
  unitPrice: number;
}

/**
 * An order normalised from any platform. Times are ISO-8601 with an offset; the status is the
 * spec's platform status (spec 02 §4) the platform's own one maps to, and rawStatus keeps the
 * platform's own spelling for the record.
 */
export interface MarketplaceOrder {
  orderNo: string;
  platformStatus: PlatformStatus;
  rawStatus: string;
  orderedAt: string;
  /** The platform's last change of the order: what incremental sync pages by. */
  updatedAt: string;
  paidAt: string | null;
  shipBy: string | null;
  currency: OrderCurrency;
  buyerName: string;
  recipientName: string;
  recipientPhone: string;
  recipientAddress: string;
  buyerMessage: string;
  logisticsChannel: string;
  trackingNo: string;
  lines: MarketplaceLine[];
  /**
   * The order's amounts as the platform states them, in minor units of `currency`: what the buyer
   * pays in all, the shipping fee charged to the buyer and the discounts taken off. Stored as they
   * are, never recomputed from the lines matched to SKUs.
   */
  amounts: MarketplaceAmounts;
}

/** An order's amounts as its platform states them, minor units of the order's currency. */
export interface MarketplaceAmounts {
  total: number;
  shipping: number;
  discount: number;
}

export interface OrderPage {
  orders: MarketplaceOrder[];
  /**
   * Orders the platform listed with an update time we already hold them at (ListInput.known),
   * so not read in full: counted as fetched and unchanged.
   */
  knownCount?: number;
  /** The cursor of the next page inside the same window; null when the window is done. */
  nextCursor: string | null;
}

/** An order as a listing names it before it is read in full: its number and update time. */
export interface ListedOrder {
  orderNo: string;
  /** Epoch milliseconds, as the platform lists it. */
  updatedAt: number;
}

export interface ListInput {
  updatedFrom: Date;
  updatedTo: Date;
  cursor: string | null;
  /**
   * Which of these listed orders we already hold at that very update time. A platform whose
   * listing gives update times apart from the orders' details (Shopify's id-and-time listing,
   * Lazada's items, Coupang's cancellation receipts) reads in full only the others, so a
   * re-sync of unchanged orders costs a listing, not every order again. One whose listing brings
   * the orders whole with the platform's own update time (TikTok, Joom, Shopee's details)
   * normalises only the others (normaliseUnknown).
   */
  known?: (listed: readonly ListedOrder[]) => Promise<ReadonlySet<string>>;
  /**
   * Which of these orders, named by a listing that gives no update time, the run holds as last
   * changed inside the window (held-orders.ts): those `known` is likely to find held, where any
   * other is new, changed since, or written earlier in the run. A platform that must read an
   * order to learn its update time (Shopee) reads only that of these first, and whole only those
   * `known` then does not hold; the others whole at once.
   */
  heldInWindow?: (orderNos: readonly string[]) => ReadonlySet<string>;
}

/**
 * Of a page of orders as the platform sent them, those `known` does not hold at the update time
 * they carry, and how many it does. An order whose number or update time `listedOf` cannot read
 * (null), or whose number comes twice in the page, is among the unknown. Only for a platform
 * whose orders carry its own update time: one derived from the order's contents (Coupang's
 * sheets) would hide a change that leaves it as it was.
 */
export async function unknownOf(
  raws: readonly unknown[],
  listedOf: (raw: unknown) => ListedOrder | null,
  known: ListInput['known'],
): Promise<{ unknown: unknown[]; knownCount: number }> {
  if (!known || raws.length === 0) return { unknown: [...raws], knownCount: 0 };
  const listed = raws.map(listedOf);
  const times = new Map<string, number>();
  for (const entry of listed)
    if (entry) times.set(entry.orderNo, times.has(entry.orderNo) ? Number.NaN : entry.updatedAt);
  const once = [...times]
    .filter(([, updatedAt]) => !Number.isNaN(updatedAt))
    .map(([orderNo, updatedAt]) => ({ orderNo, updatedAt }));
  const held = once.length > 0 ? await known(once) : new Set<string>();
  const unknown = raws.filter((_, index) => {
    const entry = listed[index];
    return !(entry && held.has(entry.orderNo) && !Number.isNaN(times.get(entry.orderNo)));
  });
  return { unknown, knownCount: raws.length - unknown.length };
}

/**
 * A page of whole orders as the platform sent them: those we hold at the update time they carry
 * (ListInput.known) are counted known and not normalised, the others normalised (and refused
 * there when they are malformed); see unknownOf.
 */
export async function normaliseUnknown(
  raws: readonly unknown[],
  listedOf: (raw: unknown) => ListedOrder | null,
  known: ListInput['known'],
  normalise: (raw: unknown) => MarketplaceOrder,
): Promise<{ orders: MarketplaceOrder[]; knownCount: number }> {
  const { unknown, knownCount } = await unknownOf(raws, listedOf, known);
  return { orders: unknown.map(normalise), knownCount };
}

/** The privacy requests a platform sends (Shopify's mandatory compliance topics). */
export const PRIVACY_TOPICS = PRIVACY_REQUEST_TOPICS;
export type PrivacyTopic = (typeof PRIVACY_TOPICS)[number];

/** A privacy request as the platform worded it: whose data, and which of the shop's orders. */
export interface PrivacyNotice {
  topic: PrivacyTopic;
  /** The platform's id of this delivery, the same on every retry: what makes handling it once. */
  deliveryId: string;
  /** The customer's platform id, email and phone as sent; '' when absent (shop/redact names none). */
  customerId: string;
  email: string;
  phone: string;
  /** orders_to_redact or orders_requested: the platform's order ids, our marketplace order numbers. */
  orderNos: string[];
}

/** A verified webhook: which shop it is about and what changed. */
export interface WebhookNotice {
  platformShopId: string;
  /** Orders the notice names; the sync fetches them (a notice's own body is never trusted as the order). */
  orderNos: string[];
  /**
   * 'revoked': the seller cancelled our authorisation on the platform's side; 'privacy': a
   * privacy request (`privacy` says which), never a reason to fetch anything.
   */
  kind: 'order' | 'revoked' | 'privacy' | 'other';
  privacy?: PrivacyNotice;
  /**
   * When the platform stamped the notice (Shopee's, Lazada's and TikTok's signed `timestamp`,
   * Shopify's X-Shopify-Triggered-At); null when it carries none, and then it is refused.
   */
  sentAt: Date | null;
  /**
   * What tells this delivery from any other (webhook-window.ts): the platform's delivery id where
   * it sends one, else the SHA-256 of what it signs. A notice whose key was taken is a replay.
   */
  deliveryKey: string;
}

/** A webhook request exactly as it arrived: the raw bytes, never re-serialised JSON. */
export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | undefined>;
  /** The full URL the platform posted to (Shopee signs it). */
  url: string;
}

export interface Connector {
  platform: MarketplacePlatform;
  /** How the seller authorises: a platform redirect, or keys typed into our form (Coupang). */
  authorisation: 'redirect' | 'keys';
  /** The longest updated-time window one listing may ask for (Shopee 15 days, Coupang 31). */
  maxWindowMs: number;
  /**
   * For a platform whose listing does not bring an older order again when it changes (Coupang
   * lists by payment day): how many of the shop's open orders each sync re-reads by number with
   * getOrders, the longest unchecked first. Those paid inside the run's window are not among
   * them: its listings have just brought them as they are. Absent: the listing brings every change.
   */
  openOrderRereads?: number;
  /**
   * The platform's authorisation page for the seller's browser. `state` comes back on the
   * redirect (as the platform's own state parameter, or inside redirectUri where it has none).
   */
  authoriseUrl(
    app: AppConfig,
    input: {
      redirectUri: string;
      state: string;
      now: Date;
      /** Shopify: the shop's myshopify domain. */ shopDomain?: string;
    },
  ): string;
  /**
   * Trades the redirect's query for a grant. The connector checks what the platform signs
   * (Shopify's hmac and timestamp) and throws 'signature' when it does not hold.
   */
  exchangeCode(
    app: AppConfig,
    input: { query: Record<string, string>; redirectUri: string; fetch: typeof fetch; now: Date },
  ): Promise<ShopGrant>;
  /** Keys typed by the seller (Coupang vendor id, access key, secret key), checked by one call. */
  connectWithKeys?(
    app: AppConfig,
    input: { keys: Record<string, string>; fetch: typeof fetch; now: Date },
  ): Promise<ShopGrant>;
  /** A fresh access token from the refresh token (the grant again when nothing expires). */
  refreshGrant(ctx: CallContext): Promise<ShopGrant>;
  /**
   * One page of orders updated in [updatedFrom, updatedTo) — a window no longer than
   * maxWindowMs — from `cursor` (null: the first page). Orders come whole, lines included,
   * but for those `known` says we hold as they are.
   */
  listOrders(ctx: CallContext, input: ListInput): Promise<OrderPage>;
  /** The named orders, whole (what a webhook names). Unknown numbers are left out. */
  getOrders(ctx: CallContext, orderNos: readonly string[]): Promise<MarketplaceOrder[]>;
  /** The notice when the request carries the platform's valid signature; null when it does not. */
  verifyWebhook(app: AppConfig, request: WebhookRequest): WebhookNotice | null;
  /**
   * How old (and how far ahead) a notice's own time may be for it to be taken: the platform's
   * documented retry period, or its timestamp validity where it documents none. Absent: the
   * platform sends no notices.
   */
  webhookWindow?: WebhookWindow;
  /**
   * Asks the platform, with one call signed as usual with the shop's token, whether the shop's
   * authorisation still holds: resolves when it does, throws MarketplaceError 'revoked' when the
   * platform answers that it is gone, any other code when its answer tells neither. A
   * deauthorisation notice stops a shop only once this confirms it (webhooks.service.ts).
   */
  checkAuthorisation?(ctx: CallContext): Promise<void>;
  /**
   * Who may ship the platform's orders: 'platform' — the platform's own logistics arranges the
   * carrier and issues the label (Shopee, Lazada, TikTok Shop, Joom Logistics), and the seller may
   * still ship with a carrier of their own and tell the platform its tracking number; 'seller' —
   * only the latter (Shopify, Coupang).
   */
  logistics: 'platform' | 'seller';
  /**
   * Platform logistics: arranges the order's shipment with the platform (Shopee
   * get_shipping_parameter → ship_order; Lazada pack → ready to ship; TikTok Shop ship
   * package) and reads its tracking number. Arranging an order the platform already arranged
   * answers the same shipment, never an error. `trackingNo` is null when the platform has not
   * issued it yet (Shopee issues it asynchronously): the caller asks again with getShipment.
   * Refusals throw MarketplaceError 'rejected' with a ShipmentRefusalCode as platformCode
   * where one applies.
   */
  arrangeShipment?(ctx: CallContext, input: { orderNo: string }): Promise<PlatformShipment>;
  /** Platform logistics: the arranged shipment's tracking number and carrier, or null fields while pending. */
  getShipment?(ctx: CallContext, input: { orderNo: string }): Promise<PlatformShipment>;
  /**
   * Platform logistics: the shipping label the platform issued, the PDF's bytes as it gave them
   * (never re-laid out). `pending` while the platform is still generating the document.
   */
  fetchLabel?(
    ctx: CallContext,
    input: { orderNo: string; trackingNo: string },
  ): Promise<{ status: 'ready'; pdf: Buffer } | { status: 'pending' }>;
  /**
   * Our own carrier: tells the platform the order shipped with our carrier and its tracking
   * number (Shopee ship_order non_integrated, Lazada, TikTok Shop seller-shipped packages,
   * Shopify fulfillmentCreate, Joom fulfil, Coupang invoice upload). The same number again is a
   * no-op, never an error. A platform that takes no tracking number from sellers for an order
   * throws MarketplaceError 'rejected' saying why, never returns silently.
   */
  pushTracking?(
    ctx: CallContext,
    input: { orderNo: string; trackingNo: string; carrierCode: string; carrierName: string },
  ): Promise<void>;
}

/** What a platform's logistics arranged for one order. */
export interface PlatformShipment {
  /** null while the platform has not issued it yet. */
  trackingNo: string | null;
  /** The carrier's name as the platform gives it ('' when it gives none). */
  carrierName: string;
}

/**
 * Why a platform refused a shipment, as MarketplaceError.detail.platformCode ('rejected'), so
 * the waybill service can say it in the user's language: the order was cancelled meanwhile, is
 * not paid, has already shipped, or its address is incomplete; or (pushTracking) the platform's
 * own logistics ships this order and takes no tracking number from a seller's carrier.
 */
export const SHIPMENT_REFUSALS = [
  'cancelled',
  'unpaid',
  'already_shipped',
  'address_incomplete',
  'not_found',
  'platform_logistics_only',
] as const;
export type ShipmentRefusalCode = (typeof SHIPMENT_REFUSALS)[number];

/**
 * Our codes for what goes wrong at a platform:
 * - rate_limited: 429 or the platform's own throttle error; wait retryAfterMs and send again;
 * - unavailable: 5xx, a timeout or a dropped connection; retry with back-off;
 * - malformed: a reply that is not the documented shape (truncated JSON, missing fields);
 * - token_expired: the access token is stale; refresh it and send again;
 * - revoked: the seller's authorisation is gone (revoked, or the refresh token expired); stop the shop;
 * - signature: the platform refused our signature, or a callback's signature failed;
 * - rejected: any other refusal the platform explains (platformCode and message kept).
 */
export type MarketplaceErrorCode =
  'rate_limited' | 'unavailable' | 'malformed' | 'token_expired' | 'revoked' | 'signature' | 'rejected';

export class MarketplaceError extends Error {
  constructor(
    readonly code: MarketplaceErrorCode,
    message: string,
    readonly detail: { platformCode?: string; httpStatus?: number; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'MarketplaceError';
  }
}
