/**
 * One HTTP exchange with a platform, read the same way by every connector: a timeout, the body
 * read whole, 429 and 5xx turned into our codes (with Retry-After honoured), and JSON that does
 * not parse (a truncated or garbled reply) refused as 'malformed' rather than half-read.
 * Platforms that answer errors inside HTTP 200 check their envelope after this.
 */
import { MarketplaceError } from './connector.js';

export const PLATFORM_TIMEOUT_MS = 30_000;

export interface PlatformReply {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date); undefined when absent. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Sends one request and reads its JSON. Throws 'rate_limited' on 429, 'unavailable' on 5xx or a
 * network failure, 'malformed' when a 2xx/4xx body is not JSON. Other statuses are returned for
 * the connector to map (401, 403, 404 mean different things on each platform).
 */
export async function requestJson(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit = {},
  timeoutMs = PLATFORM_TIMEOUT_MS,
): Promise<PlatformReply> {
  let response: Response;
  let text: string;
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    throw new MarketplaceError('unavailable', `network: ${(error as Error).message}`);
  }
  if (response.status === 429) {
    throw new MarketplaceError('rate_limited', 'HTTP 429', {
      httpStatus: 429,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    });
  }
  if (response.status >= 500) {
    throw new MarketplaceError('unavailable', `HTTP ${response.status}`, {
      httpStatus: response.status,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    });
  }
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new MarketplaceError('malformed', `HTTP ${response.status}: the reply is not JSON`, {
        httpStatus: response.status,
      });
    }
  }
  return { status: response.status, headers: response.headers, body };
}

/** A required field of a reply; 'malformed' when it is missing or of another type. */
export function field<T>(value: unknown, check: (candidate: unknown) => candidate is T, what: string): T {
  if (!check(value)) throw new MarketplaceError('malformed', `the reply lacks ${what}`);
  return value;
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/** A reply read as bytes: a document download (a label PDF) rather than a JSON envelope. */
export interface PlatformBytes {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/**
 * Sends one request and keeps its body's bytes untouched (a label PDF is stored exactly as the
 * platform gave it). 429 and 5xx are refused as requestJson refuses them; any other status is
 * returned for the connector to read (an error may come as JSON where the PDF was due).
 */
export async function requestBytes(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit = {},
  timeoutMs = PLATFORM_TIMEOUT_MS,
): Promise<PlatformBytes> {
  let response: Response;
  let bytes: Buffer;
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw new MarketplaceError('unavailable', `network: ${(error as Error).message}`);
  }
  if (response.status === 429 || response.status >= 500) {
    throw new MarketplaceError(
      response.status === 429 ? 'rate_limited' : 'unavailable',
      `HTTP ${response.status}`,
      {
        httpStatus: response.status,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      },
    );
  }
  return { status: response.status, headers: response.headers, bytes };
}

/** Whether bytes are a whole PDF document: the `%PDF-` header and the `%%EOF` end. */
export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-' && hasPdfEnd(bytes);
}

/** A whole PDF ends with `%%EOF` within its last 1024 bytes (ISO 32000 §7.5.5); a download cut off midway does not. */
export function hasPdfEnd(bytes: Buffer): boolean {
  return bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF', 0, 'latin1');
}

/** The JSON of a reply read as bytes; 'malformed' when it is not JSON. */
export function jsonOfBytes(reply: PlatformBytes): PlatformReply {
  let body: unknown = null;
  if (reply.bytes.length > 0) {
    try {
      body = JSON.parse(reply.bytes.toString('utf8'));
    } catch {
      throw new MarketplaceError('malformed', `HTTP ${reply.status}: the reply is neither a PDF nor JSON`, {
        httpStatus: reply.status,
      });
    }
  }
  return { status: reply.status, headers: reply.headers, body };
}
