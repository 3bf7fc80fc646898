/**
 * TikTok Shop's reply envelope `{code, message, request_id, data}` and its error codes
 *: errors come inside HTTP 200 with a non-zero
 * `code`, except the throttle (HTTP 429) and 503, which `requestJson` already turned into ours.
 */
import { MarketplaceError, type MarketplaceErrorCode } from '../../connector.js';
import { isNumber, isRecord, isString, type PlatformReply } from '../../http.js';

/** Which host answered: the API host, or the auth host's token get / refresh. */
export type TiktokEndpoint = 'api' | 'token' | 'refresh';

/** Codes TikTok documents (or that the sandbox uses where no document says) and what they mean to us. */
export const TIKTOK_ERROR_CODES = {
  tooManyRequests: 36009002,
  internalError: 36009003,
  /** Missing or invalid credentials, timestamp or identifier: the message says which. */
  invalidCredentials: 36009004,
  timeout: 36009007,
  invalidPath: 36009009,
  invalidContentType: 36009022,
  /** Token not for this shop or cipher. */
  invalidTokenOrCipher: 101000,
  /** "access token is invalid; detail: your token has been deauthorized" (authorisation guide). */
  tokenDeauthorised: 105001,
  expiredAccessToken: 105002,
  missingScope: 105005,
  invalidSign: 106001,
  missingShopCipher: 106013,
  /** Auth host: the app key or secret is wrong [UNCONFIRMED: no document names the code]. */
  invalidApp: 36004003,
  /** Auth host: the auth_code or refresh_token is invalid, used or expired [UNCONFIRMED code]. */
  invalidGrant: 36004004,
} as const;

const BY_CODE: ReadonlyMap<number, MarketplaceErrorCode> = new Map([
  [TIKTOK_ERROR_CODES.tooManyRequests, 'rate_limited'],
  [TIKTOK_ERROR_CODES.internalError, 'unavailable'],
  [TIKTOK_ERROR_CODES.timeout, 'unavailable'],
  [TIKTOK_ERROR_CODES.tokenDeauthorised, 'revoked'],
  [TIKTOK_ERROR_CODES.expiredAccessToken, 'token_expired'],
  [TIKTOK_ERROR_CODES.invalidSign, 'signature'],
]);

/** Our code for one TikTok error: 36009004 is told apart by its documented messages. */
export function tiktokErrorCode(
  code: number,
  message: string,
  endpoint: TiktokEndpoint,
): MarketplaceErrorCode {
  const known = BY_CODE.get(code);
  if (known) return known;
  if (endpoint === 'refresh' && (code === TIKTOK_ERROR_CODES.invalidGrant || /refresh.?token/i.test(message)))
    return 'revoked';
  if (code === TIKTOK_ERROR_CODES.invalidCredentials) {
    // "Invalid timestamp…" and "Missing credentials… signature": the request's own authentication.
    if (/timestamp|signature|\bsign\b/i.test(message)) return 'signature';
    // "Invalid credentials. The x-tts-access-token header is invalid.": not a token TikTok knows.
    if (/access.?token/i.test(message)) return 'revoked';
  }
  return 'rejected';
}

/**
 * The `data` of a successful reply. Throws our MarketplaceError when `code` is not 0, and
 * 'malformed' when the body is not TikTok's envelope.
 */
export function readTiktokEnvelope(reply: PlatformReply, endpoint: TiktokEndpoint): Record<string, unknown> {
  const body = reply.body;
  if (!isRecord(body) || !isNumber(body.code)) {
    if (reply.status >= 400)
      throw new MarketplaceError('rejected', `HTTP ${reply.status}`, { httpStatus: reply.status });
    throw new MarketplaceError('malformed', 'the reply is not a TikTok Shop envelope', {
      httpStatus: reply.status,
    });
  }
  if (body.code !== 0) {
    const message = isString(body.message) ? body.message : '';
    throw new MarketplaceError(
      tiktokErrorCode(body.code, message, endpoint),
      `TikTok ${body.code}: ${message}`,
      {
        platformCode: String(body.code),
        httpStatus: reply.status,
      },
    );
  }
  return isRecord(body.data) ? body.data : {};
}
