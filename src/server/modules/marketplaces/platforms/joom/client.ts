/**
 * How the Joom connector talks to Merchant API v3 (THIRD-PARTY SOURCES ONLY): its paths, the
 * bearer-token requests, and the `{errors: [{code, field, message}]}` refusals with real HTTP
 * statuses read as our codes. Shared by the order calls (connector.ts) and the shipping calls
 * (logistics.ts).
 */
import { MarketplaceError, type CallContext } from '../../connector.js';
import { isArray, isRecord, isString, requestJson, type PlatformReply } from '../../http.js';
import { joomAuthorization } from './sign.js';

export const JOOM_ORDERS_MULTI_PATH = '/api/v3/orders/multi';
export const JOOM_ORDER_PATH = '/api/v3/orders';
/** Marks an approved order shipped by the merchant's own carrier: `?id=`, JSON {provider, trackingNumber}. */
export const JOOM_FULFIL_PATH = '/api/v3/orders/fulfill';
/** Hands approved orders to Joom Logistics: JSON {ids, provider, pickup} → {data: {shipperName, shippingOrderNumber, trackingNumber}}. */
export const JOOM_FULFIL_ONLINE_PATH = '/api/v3/orders/fulfillOnline';
/** The Joom Logistics label of an order fulfilled online: `?id=` → the PDF's bytes. */
export const JOOM_SHIPPING_LABEL_PATH = '/api/v3/orders/shippingLabel';
/** The v3 pagination page: "Maximum limit is 500 items per request". */
export const JOOM_PAGE_LIMIT = 500;
/**
 * [UNCONFIRMED] Joom documents no cap on an orders/multi window. We ask for at most 30 days:
 * twice the first sync's 15 days (one window covers it), and short enough that one cursor's
 * pages end within minutes at the documented 50 requests a minute for orders/multi.
 */
export const JOOM_MAX_WINDOW_MS = 30 * 86_400_000;
/** Error codes a 401 carries. Joom documents only `unauthorized` [3P]; the two others are our
 * [UNCONFIRMED] choice so an expired token and a revoked authorisation can be told apart. */
export const JOOM_TOKEN_EXPIRED = 'token_expired';
export const JOOM_TOKEN_REVOKED = 'token_revoked';

export interface JoomError {
  code: string;
  field: string;
  message: string;
}

/** The first entry of a v3 `errors` array; empty strings when the body has none. */
export function joomErrorOf(body: unknown): JoomError {
  const first = isRecord(body) && isArray(body.errors) ? body.errors[0] : undefined;
  const entry = isRecord(first) ? first : {};
  return {
    code: isString(entry.code) ? entry.code : '',
    field: isString(entry.field) ? entry.field : '',
    message: isString(entry.message) ? entry.message : '',
  };
}

/**
 * A v3 error reply as our code. 401: `token_revoked` → revoked; `token_expired`, and any other
 * 401 (e.g. the documented `unauthorized`) → token_expired, so the engine refreshes and the
 * refresh itself says whether the authorisation is gone. Other 4xx → rejected.
 */
export function v3Failure(reply: PlatformReply): MarketplaceError {
  const error = joomErrorOf(reply.body);
  const detail = { platformCode: error.code, httpStatus: reply.status };
  const message = `Joom HTTP ${reply.status} ${error.code}: ${error.message}`.trim();
  if (reply.status === 401) {
    return new MarketplaceError(
      error.code === JOOM_TOKEN_REVOKED ? 'revoked' : 'token_expired',
      message,
      detail,
    );
  }
  return new MarketplaceError('rejected', message, detail);
}

/**
 * One request, with Joom's throttle hint kept: the v3 docs name X-Rate-Limit-Reset (seconds to
 * the end of the window) rather than Retry-After, and requestJson reads only the latter.
 */
export async function send(fetcher: typeof fetch, url: string, init: RequestInit): Promise<PlatformReply> {
  let resetSeconds: string | null = null;
  const watching: typeof fetch = async (input, options) => {
    const response = await fetcher(input, options);
    resetSeconds = response.headers.get('x-rate-limit-reset');
    return response;
  };
  try {
    return await requestJson(watching, url, init);
  } catch (error) {
    const reset = Number(resetSeconds ?? Number.NaN);
    if (
      error instanceof MarketplaceError &&
      error.code === 'rate_limited' &&
      error.detail.retryAfterMs === undefined &&
      Number.isFinite(reset)
    ) {
      throw new MarketplaceError('rate_limited', error.message, {
        ...error.detail,
        retryAfterMs: Math.max(0, reset * 1000),
      });
    }
    throw error;
  }
}

/** A v3 GET with the shop's bearer token. */
export function getV3(ctx: CallContext, path: string, query: Record<string, string>): Promise<PlatformReply> {
  const url = `${ctx.app.apiUrl}${path}?${new URLSearchParams(query).toString()}`;
  return send(ctx.fetch, url, {
    method: 'GET',
    headers: { authorization: joomAuthorization(ctx.grant.accessToken), accept: 'application/json' },
  });
}

/** A v3 POST of a JSON body with the shop's bearer token; `query` rides on the URL (`?id=`). */
export function postV3(
  ctx: CallContext,
  path: string,
  query: Record<string, string>,
  body: unknown,
): Promise<PlatformReply> {
  const search = new URLSearchParams(query).toString();
  const url = `${ctx.app.apiUrl}${path}${search === '' ? '' : `?${search}`}`;
  return send(ctx.fetch, url, {
    method: 'POST',
    headers: {
      authorization: joomAuthorization(ctx.grant.accessToken),
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify(body),
  });
}
