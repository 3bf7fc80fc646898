/**
 * One signed call to Lazada and the reading of its envelope. Lazada answers errors inside HTTP 200
 * (`{"type":"ISV","code":"IllegalAccessToken","message":…,"request_id":…}`); success is
 * `code: "0"`. URLs are the documented base URL + the API path: seller APIs
 * at AppConfig.apiUrl, the venture's base (https://api.lazada.co.th/rest …); token calls at the
 * auth host's base, authUrl + `/rest` (https://auth.lazada.com/rest), whose /oauth/authorize is
 * the seller's page. In the sandbox both are its `/lazada` prefix.
 */
import { MarketplaceError, type CallContext } from '../../connector.js';
import { isRecord, requestJson } from '../../http.js';
import { signedLazadaParams } from './sign.js';

export interface LazadaCall {
  fetch: typeof fetch;
  /** The documented base URL the API path follows (…/rest). */
  baseUrl: string;
  apiPath: string;
  params: Record<string, string>;
  appKey: string;
  appSecret: string;
  now: Date;
  /** Seller APIs only; token calls carry none. */
  accessToken?: string;
  /** GET for reads (the default); POST for writes, whose own parameters travel as form fields. */
  method?: 'GET' | 'POST';
}

const BAN_SECONDS = /last\s+(\d+)\s+second/i;

/**
 * Our error for a Lazada error envelope: ApiCallLimit → rate_limited (the ban's length from its
 * message, else the FAQ's "retry next second"), IllegalAccessToken (invalid or expired: Lazada
 * does not tell them apart) → token_expired, IllegalRefreshToken → revoked, IncompleteSignature
 * → signature, ServiceTimeout and ISP-side errors → unavailable, anything else → rejected with
 * Lazada's code.
 */
export function lazadaError(body: Record<string, unknown>, httpStatus: number): MarketplaceError {
  const code = typeof body.code === 'string' ? body.code : String(body.code ?? '');
  const message = typeof body.message === 'string' ? body.message : code;
  const detail = { platformCode: code, httpStatus };
  switch (code) {
    case 'ApiCallLimit': {
      const seconds = BAN_SECONDS.exec(message)?.[1];
      return new MarketplaceError('rate_limited', message, {
        ...detail,
        retryAfterMs: seconds === undefined ? 1000 : Number(seconds) * 1000,
      });
    }
    case 'IllegalAccessToken':
      return new MarketplaceError('token_expired', message, detail);
    case 'IllegalRefreshToken':
      return new MarketplaceError('revoked', message, detail);
    case 'IncompleteSignature':
      return new MarketplaceError('signature', message, detail);
    case 'ServiceTimeout':
      return new MarketplaceError('unavailable', message, detail);
    default:
      return body.type === 'ISP'
        ? new MarketplaceError('unavailable', message, detail)
        : new MarketplaceError('rejected', message, detail);
  }
}

/**
 * Sends one signed call and returns the envelope when its code is "0"; throws our error
 * otherwise (see lazadaError). A GET carries every parameter in its query; a POST, as the
 * official SDKs send it, the system parameters in the query and its own as form fields, all of
 * them signed.
 */
export async function callLazada(call: LazadaCall): Promise<Record<string, unknown>> {
  const params = signedLazadaParams(call.apiPath, call.params, {
    appKey: call.appKey,
    appSecret: call.appSecret,
    timestampMs: call.now.getTime(),
    ...(call.accessToken === undefined ? {} : { accessToken: call.accessToken }),
  });
  const isPost = call.method === 'POST';
  const query = isPost
    ? Object.fromEntries(Object.entries(params).filter(([name]) => !(name in call.params)))
    : params;
  const url = `${call.baseUrl}${call.apiPath}?${new URLSearchParams(query).toString()}`;
  const reply = await requestJson(
    call.fetch,
    url,
    isPost
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
          body: new URLSearchParams(call.params).toString(),
        }
      : { method: 'GET' },
  );
  const body = reply.body;
  if (!isRecord(body) || body.code === undefined) {
    if (reply.status !== 200)
      throw new MarketplaceError('rejected', `HTTP ${reply.status}`, { httpStatus: reply.status });
    throw new MarketplaceError('malformed', `${call.apiPath}: the reply has no envelope`);
  }
  if (body.code !== '0' && body.code !== 0) throw lazadaError(body, reply.status);
  return body;
}

/** A seller API call in the shop's context: the app's keys, the grant's access token, the caller's clock. */
export function callLazadaSeller(
  ctx: CallContext,
  apiPath: string,
  params: Record<string, string>,
  method: 'GET' | 'POST' = 'GET',
): Promise<Record<string, unknown>> {
  return callLazada({
    fetch: ctx.fetch,
    baseUrl: ctx.app.apiUrl,
    apiPath,
    params,
    appKey: ctx.app.appKey,
    appSecret: ctx.app.appSecret,
    now: ctx.now(),
    accessToken: ctx.grant.accessToken,
    method,
  });
}
