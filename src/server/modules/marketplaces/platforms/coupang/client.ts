/**
 * One signed call to Coupang's Open API and the reading of its reply. Coupang's gateway refuses
 * a bad or stale HMAC with HTTP 401 and `{"code":"ERROR","message":"Invalid signature." |
 * "Specified signature is expired." | "HMAC format is invalid.", "transactionId":…}`, and keys it
 * does not accept (unknown, deleted or past their validity) with another 401 message ("Request is
 * not authorized.", "Unknown error occurred…"). Business errors come as 4xx with `{code, message}`,
 * and some APIs answer `{"code":"ERROR"}` inside HTTP 200, so the envelope is checked too.
 */
import { MarketplaceError, type ShopGrant } from '../../connector.js';
import { isArray, isNumber, isRecord, isString, requestJson, type PlatformReply } from '../../http.js';
import { coupangAuthorization } from './sign.js';

/** A vendor's keys: the vendor id Coupang issued and the Open API key pair made in WING. */
export interface CoupangKeys {
  vendorId: string;
  accessKey: string;
  secretKey: string;
}

/** The v4 order APIs' root for one vendor. */
export function coupangVendorPath(vendorId: string): string {
  return `/v2/providers/openapi/apis/api/v4/vendors/${encodeURIComponent(vendorId)}`;
}

/** The keys a Coupang grant carries in `extra`; 'revoked' when they are missing (authorise again). */
export function coupangKeysOf(grant: ShopGrant): CoupangKeys {
  const { vendorId, accessKey, secretKey } = grant.extra;
  if (!vendorId || !accessKey || !secretKey)
    throw new MarketplaceError('revoked', 'the Coupang grant lacks its vendor id or keys');
  return { vendorId, accessKey, secretKey };
}

/** A query string as it is both sent and signed: the parameters in the given order, URL-encoded. */
export function coupangQuery(params: readonly (readonly [string, string])[]): string {
  return new URLSearchParams(params.map(([name, value]) => [name, value])).toString();
}

function messageOf(body: unknown): string {
  return isRecord(body) && isString(body.message) ? body.message : '';
}

function codeOf(body: unknown): string | undefined {
  return isRecord(body) && (isString(body.code) || isNumber(body.code)) ? String(body.code) : undefined;
}

const isSuccessCode = (code: unknown) =>
  code === 200 || code === '200' || code === 'SUCCESS' || code === 'OK';

/**
 * The reply's JSON object when Coupang answered success; otherwise our code: 401 naming the
 * signature or HMAC → 'signature', any other 401 → 'revoked' (the keys no longer open the vendor:
 * the seller issues new ones), other 4xx and an error code inside 2xx → 'rejected' with Coupang's
 * code, a reply that is not an object → 'malformed'. (429 and 5xx were read by requestJson.)
 */
export function readCoupangReply(reply: PlatformReply): Record<string, unknown> {
  const { status, body } = reply;
  const message = messageOf(body) || `HTTP ${status}`;
  const platformCode = codeOf(body) ?? String(status);
  if (status === 401) {
    const code = /signature|hmac/i.test(message) ? 'signature' : 'revoked';
    throw new MarketplaceError(code, `Coupang: ${message}`, { httpStatus: status, platformCode });
  }
  if (status >= 300)
    throw new MarketplaceError('rejected', `Coupang: ${message}`, { httpStatus: status, platformCode });
  if (!isRecord(body))
    throw new MarketplaceError('malformed', 'Coupang: the reply is not a JSON object', {
      httpStatus: status,
    });
  if (!isSuccessCode(body.code))
    throw new MarketplaceError('rejected', `Coupang: ${message}`, { httpStatus: status, platformCode });
  return body;
}

/**
 * What every signed call needs: the network, the clock it signs with (read as each request is
 * sent: a page's later reads and a retry after a wait are signed at their own time, as Coupang
 * refuses a signed-date five minutes old), the host and the keys.
 */
export interface CoupangCall {
  fetch: typeof fetch;
  now: () => Date;
  apiUrl: string;
  keys: CoupangKeys;
}

/**
 * One signed request; the body (JSON, for PATCH and POST) is not signed. Returns the success
 * envelope, or null for a 404 when `isAbsentOn404` (a looked-up order that does not exist);
 * throws a MarketplaceError otherwise.
 */
export async function coupangSend(
  input: CoupangCall & {
    method: 'GET' | 'PATCH' | 'POST';
    path: string;
    query: string;
    body?: unknown;
    isAbsentOn404?: boolean;
  },
): Promise<Record<string, unknown> | null> {
  const authorization = coupangAuthorization({
    accessKey: input.keys.accessKey,
    secretKey: input.keys.secretKey,
    method: input.method,
    path: input.path,
    query: input.query,
    now: input.now(),
  });
  const reply = await requestJson(
    input.fetch,
    `${input.apiUrl}${input.path}${input.query ? `?${input.query}` : ''}`,
    {
      method: input.method,
      headers: {
        Authorization: authorization,
        'Content-Type': 'application/json;charset=UTF-8',
        'X-Requested-By': input.keys.vendorId,
      },
      ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
    },
  );
  if (reply.status === 404 && input.isAbsentOn404) return null;
  return readCoupangReply(reply);
}

/** One signed GET (see coupangSend). */
export function coupangGet(
  input: CoupangCall & { path: string; query: string; isAbsentOn404?: boolean },
): Promise<Record<string, unknown> | null> {
  return coupangSend({ ...input, method: 'GET' });
}

/** The sheets of one order (one per shipment box); null when Coupang knows no such order. */
export async function coupangOrderSheets(call: CoupangCall, orderNo: string): Promise<unknown[] | null> {
  const body = await coupangGet({
    ...call,
    path: `${coupangVendorPath(call.keys.vendorId)}/${orderNo}/ordersheets`,
    query: '',
    isAbsentOn404: true,
  });
  if (!body) return null;
  // The 2019 document shows `data` as one sheet; current pages list the boxes: both are read.
  if (isArray(body.data)) return body.data;
  return isRecord(body.data) ? [body.data] : null;
}
