/**
 * How the Shopify connector reaches a shop and reads its replies: the shop's base URL from the
 * app's apiUrl, the token endpoint, and one GraphQL call with Shopify's errors (HTTP statuses,
 * `errors` inside HTTP 200, the THROTTLED cost reply) turned into our MarketplaceError codes.
 *
 * AppConfig.apiUrl for Shopify names where any shop answers:
 * - live: `https://{shop}` — the literal `{shop}` is replaced by the shop's myshopify domain;
 * - sandbox: its Shopify port, `http://127.0.0.1:8095` — no `{shop}`, so the domain is appended as
 *   a path segment (`…:8095/some-shop.myshopify.com/admin/...`), the sandbox's stand-in for the
 *   shop's host. `http://127.0.0.1:8095/{shop}` (what sandboxEnv sets) says the same explicitly.
 */
import { MarketplaceError, type AppConfig, type CallContext } from '../../connector.js';
import { isArray, isNumber, isRecord, isString, requestJson, type PlatformReply } from '../../http.js';
import { SHOPIFY_API_VERSION } from './queries.js';

/** A shop's myshopify domain as Shopify's SDK accepts it. */
export const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

/**
 * An access token this close to its recorded expiry is taken as expired when Shopify answers 401
 * (Shopify answers an expired and a revoked token alike): our clock and Shopify's may differ.
 */
export const EXPIRY_SKEW_MS = 5 * 60_000;

/** The shop's base URL: apiUrl's `{shop}` replaced by the domain, or the domain appended as a path segment. */
export function shopBaseUrl(apiUrl: string, shopDomain: string): string {
  if (!SHOP_DOMAIN.test(shopDomain)) {
    throw new MarketplaceError('rejected', `"${shopDomain}" is not a myshopify.com domain`);
  }
  const base = apiUrl.replace(/\/+$/, '');
  return base.includes('{shop}') ? base.replaceAll('{shop}', shopDomain) : `${base}/${shopDomain}`;
}

/** Where the seller's browser authorises: authUrl when set, else apiUrl, read as shopBaseUrl reads it. */
export function shopAuthUrl(app: AppConfig, shopDomain: string): string {
  return shopBaseUrl(app.authUrl === '' ? app.apiUrl : app.authUrl, shopDomain);
}

/**
 * How long a THROTTLED reply asks us to wait: until the bucket holds the query's cost again,
 * (requestedQueryCost − currentlyAvailable) / restoreRate seconds; undefined when not given.
 */
export function throttleWaitMs(body: unknown): number | undefined {
  if (!isRecord(body) || !isRecord(body.extensions) || !isRecord(body.extensions.cost)) return undefined;
  const cost = body.extensions.cost;
  const status = isRecord(cost.throttleStatus) ? cost.throttleStatus : null;
  if (!status || !isNumber(cost.requestedQueryCost)) return undefined;
  const { currentlyAvailable, restoreRate } = status;
  if (!isNumber(currentlyAvailable) || !isNumber(restoreRate) || restoreRate <= 0) return undefined;
  return Math.max(0, Math.ceil(((cost.requestedQueryCost - currentlyAvailable) / restoreRate) * 1000));
}

/** The first GraphQL error's code and message, when the body carries `errors` as a list. */
function graphqlError(body: unknown): { code: string; message: string } | null {
  if (!isRecord(body) || !isArray(body.errors) || body.errors.length === 0) return null;
  const first = body.errors.find(isRecord);
  const extensions = first && isRecord(first.extensions) ? first.extensions : null;
  return {
    code: extensions && isString(extensions.code) ? extensions.code : 'GRAPHQL_ERROR',
    message: first && isString(first.message) ? first.message : 'GraphQL error',
  };
}

/** A THROTTLED reply (inside HTTP 200, or any status) as rate_limited with the wait its cost numbers give. */
function throwIfThrottled(reply: PlatformReply): void {
  const error = graphqlError(reply.body);
  if (error?.code !== 'THROTTLED') return;
  throw new MarketplaceError('rate_limited', error.message, {
    platformCode: error.code,
    httpStatus: reply.status,
    retryAfterMs: throttleWaitMs(reply.body),
  });
}

/** The message of a REST-style error body: `{"errors":"…"}` or `{"errors":{field:[…]}}`. */
function restErrorMessage(body: unknown): string {
  if (!isRecord(body)) return '';
  if (isString(body.errors)) return body.errors;
  if (body.errors !== undefined) return JSON.stringify(body.errors);
  return isString(body.error) ? body.error : '';
}

/**
 * A reply to an Admin API call as our error, or the body when it succeeded. 401: the token is
 * refused — expired when the grant says it has (or nearly has) run out, else revoked (the app was
 * uninstalled or the token invalidated); THROTTLED inside HTTP 200: rate_limited with the wait the
 * cost numbers give; any other GraphQL error or 4xx: rejected with Shopify's code.
 */
export function readAdminReply(reply: PlatformReply, ctx: CallContext): Record<string, unknown> {
  if (reply.status === 401) {
    const expiresAt = ctx.grant.accessExpiresAt;
    const isExpired = expiresAt !== null && expiresAt.getTime() - EXPIRY_SKEW_MS <= ctx.now().getTime();
    throw new MarketplaceError(isExpired ? 'token_expired' : 'revoked', restErrorMessage(reply.body), {
      httpStatus: 401,
    });
  }
  const error = graphqlError(reply.body);
  throwIfThrottled(reply);
  if (reply.status !== 200) {
    throw new MarketplaceError('rejected', restErrorMessage(reply.body) || `HTTP ${reply.status}`, {
      platformCode: error?.code ?? `HTTP_${reply.status}`,
      httpStatus: reply.status,
    });
  }
  if (error) {
    throw new MarketplaceError('rejected', error.message, { platformCode: error.code, httpStatus: 200 });
  }
  if (!isRecord(reply.body) || !isRecord(reply.body.data)) {
    throw new MarketplaceError('malformed', 'the GraphQL reply has no data');
  }
  return reply.body.data;
}

/** One GraphQL Admin API call for the grant's shop; its `data`, or our error. */
export async function adminGraphql(
  ctx: CallContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const url = `${shopBaseUrl(ctx.app.apiUrl, ctx.grant.platformShopId)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  const reply = await requestJson(ctx.fetch, url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-shopify-access-token': ctx.grant.accessToken,
    },
    body: JSON.stringify({ query, variables }),
  });
  return readAdminReply(reply, ctx);
}

/** How many THROTTLED replies one call of a page waits out before the page fails. */
const PATIENCE = 5;

/**
 * adminGraphql for a call midway through a page (a page of whole orders after its listing, an
 * order's further lines): a page can cost more than the bucket holds (Standard: 2,000 points, a
 * page of whole orders 990), so with the session's sleep a THROTTLED call waits what its cost
 * numbers ask and is sent again, rather than failing the page for the session to send again
 * whole, which would pay the page's first calls again and never fit; a bare context fails.
 */
export async function patientAdminGraphql(
  ctx: CallContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await adminGraphql(ctx, query, variables);
    } catch (error) {
      const isThrottled = error instanceof MarketplaceError && error.code === 'rate_limited';
      if (!isThrottled || !ctx.sleep || attempt >= PATIENCE) throw error;
      await ctx.sleep(error.detail.retryAfterMs ?? 1000);
    }
  }
}

/** What the token endpoint gives, code or refresh alike. */
export interface TokenReply {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date | null;
  refreshExpiresAt: Date | null;
}

/**
 * POST /admin/oauth/access_token. A refused refresh token (400
 * invalid_grant: expired, revoked, or spent) is 'revoked'; any other refusal is 'rejected'.
 */
export async function requestToken(
  fetcher: typeof fetch,
  app: AppConfig,
  shopDomain: string,
  params: Record<string, string>,
  now: Date,
): Promise<TokenReply> {
  const reply = await requestJson(
    fetcher,
    `${shopBaseUrl(app.apiUrl, shopDomain)}/admin/oauth/access_token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: app.appKey, client_secret: app.appSecret, ...params }),
    },
  );
  throwIfThrottled(reply);
  const body = isRecord(reply.body) ? reply.body : {};
  if (reply.status !== 200) {
    const code = isString(body.error) ? body.error : `HTTP_${reply.status}`;
    const message = isString(body.error_description) ? body.error_description : code;
    const isRefusedRefresh = params.grant_type === 'refresh_token' && code === 'invalid_grant';
    throw new MarketplaceError(isRefusedRefresh ? 'revoked' : 'rejected', message, {
      platformCode: code,
      httpStatus: reply.status,
    });
  }
  if (!isString(body.access_token) || body.access_token === '') {
    throw new MarketplaceError('malformed', 'the token reply has no access_token');
  }
  const after = (seconds: unknown) => (isNumber(seconds) ? new Date(now.getTime() + seconds * 1000) : null);
  return {
    accessToken: body.access_token,
    // A non-expiring offline token (custom apps) comes without expires_in or refresh_token.
    refreshToken: isString(body.refresh_token) ? body.refresh_token : '',
    accessExpiresAt: after(body.expires_in),
    refreshExpiresAt: after(body.refresh_token_expires_in),
  };
}
