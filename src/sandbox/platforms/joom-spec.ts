/**
 * Joom Merchant API v3 as the sandbox's Joom answers it. No official Joom document was reachable
 * (docs/research/marketplace-apis.md §6): everything here is THIRD-PARTY [3P] or the v3 docs' intro pages
 * (pagination, errors, formats, rate limits), and what neither says is marked [UNCONFIRMED].
 *
 * - OAuth 2 at the v2 paths; v3 calls prove themselves with `Authorization: Bearer {token}` and
 *   nothing is signed (no HMAC, no timestamp, no webhook signature);
 * - orders/multi pages by an `after` token, at most 500 items a page ("Maximum limit is 500 items
 *   per request");
 * - refusals are real HTTP statuses with `{errors: [{code, field?, message}]}`;
 * - prices are dot-separated decimal strings of the currency's minor digits ("10.30").
 */

/** The v2 OAuth paths the v3 API still uses [3P]. */
export const JOOM_PATHS = {
  authorize: '/api/v2/oauth/authorize',
  accessToken: '/api/v2/oauth/access_token',
  refreshToken: '/api/v2/oauth/refresh_token',
  /** Orders updated in a window, paged by `after` [3P]. */
  ordersMulti: '/api/v3/orders/multi',
  /** One order: `?id=` [3P]. */
  order: '/api/v3/orders',
  /** Shipped with the merchant's own carrier: `?id=`, JSON {provider, trackingNumber} [3P]. */
  fulfil: '/api/v3/orders/fulfill',
  /** Handed to Joom Logistics: JSON {ids, provider, pickup} [3P]. */
  fulfilOnline: '/api/v3/orders/fulfillOnline',
  /** The Joom Logistics label: `?id=` → PDF bytes [3P]. */
  shippingLabel: '/api/v3/orders/shippingLabel',
} as const;

/** The largest page orders/multi gives, whatever `limit` asks (the v3 pagination page). */
export const JOOM_MAX_PAGE = 500;

/**
 * [UNCONFIRMED] No document gives a cap on an orders/multi interval; the sandbox refuses one longer
 * than 30 days, so a caller asking for unbounded windows is seen rather than served.
 */
export const JOOM_MAX_INTERVAL_MS = 30 * 86_400_000;

/**
 * The `code` of a 401. Joom's known one is `unauthorized` [3P]; an expired token and a revoked
 * authorisation get codes of their own, [UNCONFIRMED]: no source names them, and they are the
 * codes the ERP's connector is agreed to read.
 */
export const JOOM_AUTH_CODES = {
  invalid: 'unauthorized',
  expired: 'token_expired',
  revoked: 'token_revoked',
} as const;

/**
 * The token of an `Authorization: Bearer {token}` header (RFC 6750 §2.1: one space, then b64token
 * characters); null for anything else. The scheme is held to the spelling every Joom sample
 * writes, `Bearer`: RFC 7235 lets a server take any case, the sandbox does not, so a caller's
 * variant spelling is seen here rather than on some server that refuses it.
 */
export function presentedBearer(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Minor units as Joom writes a price: the currency's minor digits after a dot, none for whole currencies. */
export function joomPrice(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  const scale = 10 ** decimals;
  const units = Math.abs(minor);
  const fraction = String(units % scale).padStart(decimals, '0');
  return `${minor < 0 ? '-' : ''}${Math.floor(units / scale)}.${fraction}`;
}
