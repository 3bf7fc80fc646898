/**
 * The TikTok Shop sandbox's envelope and the API host's request checks, in the order and with
 * the codes and messages TikTok's "Common errors" page documents.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_APPS } from '../apps.js';
import { platformPath } from '../server.js';
import type { World } from '../world.js';
import { presentedMatches } from './hmac.js';
import { unixSeconds } from './tiktok-orders.js';
import { TIKTOK_CODES, tiktokExpectedSign } from './tiktok-spec.js';

/** The sandbox app's service id, as the Partner Center's authorisation link carries it. */
export const TIKTOK_SANDBOX_SERVICE_ID = '7431458374265161478';
/** The timestamp TikTok accepts: [now − 5 min, now + 30 s]. */
const TIMESTAMP_PAST_S = 300;
const TIMESTAMP_FUTURE_S = 30;

/** A shop's cipher, stable per shop id (TikTok's look like ROW_… or GCP_…). */
export function tiktokShopCipher(shopId: string): string {
  return `ROW_${createHash('sha256').update(`tiktok-cipher:${shopId}`).digest('base64url').slice(0, 24)}`;
}

/** A request_id in TikTok's style: the UTC time to the second, then hex. */
export function requestId(world: World): string {
  const stamp = new Date(world.now()).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${randomBytes(9).toString('hex').toUpperCase()}`;
}

/** The success envelope: code 0, message Success, the data. */
export function ok(world: World, data: unknown) {
  return { code: 0, message: 'Success', request_id: requestId(world), data };
}

/** TikTok's refusal: HTTP 200 with a non-zero code [UNCONFIRMED: the HTTP status of auth errors]. */
export function refuse(reply: FastifyReply, world: World, code: number, message: string): FastifyReply {
  return reply.code(200).send({ code, message, request_id: requestId(world) });
}

/** The query's single string values (TikTok signs k+v of each; repeated keys are not signed). */
export function stringQuery(request: FastifyRequest): Record<string, string> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** A request header as one string ('' when absent). */
export function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}

/**
 * The API host's checks, in TikTok's order: app key, sign present, timestamp window, sign,
 * access token, shop_cipher, content type. Returns the caller's shop, or null once refused.
 */
export function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  world: World,
  shopScoped: boolean,
): { shopId: string } | null {
  const app = SANDBOX_APPS.tiktok;
  const query = stringQuery(request);
  const fail = (code: number, message: string) => {
    refuse(reply, world, code, message);
    return null;
  };
  const { invalidCredentials } = TIKTOK_CODES;
  if (query.app_key !== app.appKey)
    return fail(invalidCredentials, 'Invalid credentials. Invalid `app_key` query parameter.');
  if (!query.sign)
    return fail(
      invalidCredentials,
      'Missing credentials. The request does not include a required signature in the query.',
    );
  const timestamp = Number(query.timestamp);
  const now = unixSeconds(world.now());
  if (!Number.isInteger(timestamp) || timestamp < 0)
    return fail(
      invalidCredentials,
      'Invalid timestamp. The value of the `timestamp` query parameter must not be lesser than 0.',
    );
  if (timestamp < now - TIMESTAMP_PAST_S)
    return fail(
      invalidCredentials,
      'Invalid timestamp. The value of the `timestamp` query parameter must not be earlier than 5 minutes before the current time.',
    );
  if (timestamp > now + TIMESTAMP_FUTURE_S)
    return fail(
      invalidCredentials,
      'Invalid timestamp. The value of the `timestamp` query parameter must not exceed the current time by more than 30 seconds.',
    );
  const isMultipart = header(request, 'content-type').includes('multipart/form-data');
  const body =
    request.method === 'GET' || isMultipart || !Buffer.isBuffer(request.rawBody) ? '' : request.rawBody;
  const expected = tiktokExpectedSign(app.appSecret, { path: platformPath(request), query, body });
  if (!presentedMatches(expected, query.sign))
    return fail(TIKTOK_CODES.invalidSign, 'Invalid credentials. The `sign` query parameter is invalid.');
  const token = world.auth.checkToken(
    'tiktok',
    header(request, 'x-tts-access-token').replace(/^TTP_/, ''),
    'access',
  );
  if ('refused' in token) {
    if (token.refused === 'expired')
      return fail(
        TIKTOK_CODES.expiredAccessToken,
        'Expired credentials. The `access_token` or `x-tts-access-token` header has expired.',
      );
    if (token.refused === 'revoked')
      return fail(
        TIKTOK_CODES.tokenDeauthorised,
        'access token is invalid; detail:your token has been deauthorized',
      );
    return fail(invalidCredentials, 'Invalid credentials. The `x-tts-access-token` header is invalid.');
  }
  if (shopScoped && !query.shop_cipher)
    return fail(
      TIKTOK_CODES.missingShopCipher,
      'Missing identifier. The `shop_cipher` query parameter is required to identify the target shop.',
    );
  if (!shopScoped && query.shop_cipher)
    return fail(
      invalidCredentials,
      'Unexpected identifier. The `shop_cipher` query parameter is not required for this request.',
    );
  if (shopScoped && query.shop_cipher !== tiktokShopCipher(token.shopId))
    return fail(
      TIKTOK_CODES.invalidTokenOrCipher,
      'Invalid query or header. The `x-tts-access-token` header is invalid for the shop in `shop_cipher`.',
    );
  if (request.method === 'POST' && !header(request, 'content-type').includes('application/json'))
    return fail(
      TIKTOK_CODES.invalidContentType,
      'Invalid request format. The request body format must be `application/json` for structured data or `multipart/form-data` for binary files.',
    );
  return { shopId: token.shopId };
}
