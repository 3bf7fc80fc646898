/**
 * Shopify as it signs what it sends an app, stated from its documents
 * (docs/research/marketplace-apis.md §2.3: the official @shopify/shopify-api library's
 * hmac-validator and shopify.dev "Verify webhook deliveries"). Shopify signs no request an app makes (the access token alone authenticates an
 * Admin API call); it signs:
 *
 * - the OAuth redirect: `hmac` = hex HMAC-SHA256, keyed by the client secret, of the query without
 *   `hmac` (and `signature`), its keys sorted, each `key=value` URL-encoded with %20 for a space,
 *   joined with `&`;
 * - each webhook: `X-Shopify-Hmac-Sha256` = base64 HMAC-SHA256 of the raw body.
 */
import { hmacSha256 } from './hmac.js';

/**
 * The Admin API version the sandbox app's webhook subscriptions are made in, and so the version
 * their bodies are written in (`X-Shopify-API-Version`): the newest the official library ships (§2.1).
 */
export const SHOPIFY_WEBHOOK_API_VERSION = '2026-07';

/**
 * The access scopes the sandbox app is configured with (an app declares them in its configuration;
 * the token reply's `scope` names what was granted): reading orders, managing the merchant's
 * own fulfillment orders and its stock, and reading locations and products (§2.2).
 */
export const SHOPIFY_APP_SCOPES = [
  'read_orders',
  'write_orders',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
  'read_inventory',
  'write_inventory',
  'read_locations',
  'read_products',
] as const;

/** What the OAuth redirect's `hmac` is computed over: the other parameters, sorted and URL-encoded. */
export function shopifyRedirectMessage(query: Readonly<Record<string, string>>): string {
  return Object.keys(query)
    .filter((key) => key !== 'hmac' && key !== 'signature')
    .sort()
    .map((key) => `${encode(key)}=${encode(query[key] ?? '')}`)
    .join('&');
}

/** URL-encoding as URLSearchParams writes it, a space as %20 rather than '+'. */
function encode(text: string): string {
  return new URLSearchParams({ _: text }).toString().slice(2).replace(/\+/g, '%20');
}

/** The `hmac` Shopify puts on the redirect back to the app. */
export function shopifyRedirectHmac(clientSecret: string, query: Readonly<Record<string, string>>): string {
  return hmacSha256(clientSecret, [shopifyRedirectMessage(query)]).toString('hex');
}

/** The `X-Shopify-Hmac-Sha256` of a webhook: base64 of the HMAC of the body exactly as sent. */
export function shopifyWebhookHmac(clientSecret: string, rawBody: string): string {
  return hmacSha256(clientSecret, [rawBody]).toString('base64');
}
