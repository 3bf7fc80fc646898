/**
 * The bundled sandbox carrier's adapter. Every call is signed with the channel's keys: headers
 * X-App-Key, X-Timestamp (milliseconds) and X-Signature, the lowercase hex HMAC-SHA256 under the
 * app secret of `appKey\ntimestamp\nmethod\npath\nbody`. Bookings carry our reference, so a
 * retry after a lost reply answers the same parcel. Where the carrier issues its own label (a
 * base64 PDF in the booking's reply) it is kept byte for byte; otherwise we render ours.
 */
import { createHmac } from 'node:crypto';
import { CarrierError, type CarrierAdapter, type CarrierContext } from './carrier.js';

function signedHeaders(ctx: CarrierContext, method: string, url: URL, body: string): Record<string, string> {
  const timestamp = String(ctx.now().getTime());
  const signature = createHmac('sha256', ctx.keys.appSecret)
    .update(`${ctx.keys.appKey}\n${timestamp}\n${method}\n${url.pathname}\n${body}`)
    .digest('hex');
  return {
    'x-app-key': ctx.keys.appKey,
    'x-timestamp': timestamp,
    'x-signature': signature,
    ...(body === '' ? {} : { 'content-type': 'application/json' }),
  };
}

async function call(
  ctx: CarrierContext,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
): Promise<unknown> {
  const url = new URL(`${ctx.apiUrl}${path}`);
  const body = payload === undefined ? '' : JSON.stringify(payload);
  let response: Response;
  try {
    response = await ctx.fetch(url, {
      method,
      headers: signedHeaders(ctx, method, url, body),
      ...(body === '' ? {} : { body }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new CarrierError('unavailable', error instanceof Error ? error.message : 'network error');
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new CarrierError('malformed', `unreadable reply (HTTP ${response.status})`, {
      httpStatus: response.status,
    });
  }
  if (response.ok) return parsed;
  const reply = (parsed ?? {}) as { code?: unknown; message?: unknown };
  const message = typeof reply.message === 'string' ? reply.message : `HTTP ${response.status}`;
  if (response.status === 401 || response.status === 403) throw new CarrierError('unauthorised', message);
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after') ?? '1');
    throw new CarrierError('rate_limited', message, {
      retryAfterMs: (Number.isFinite(seconds) ? seconds : 1) * 1000,
    });
  }
  if (response.status >= 500) throw new CarrierError('unavailable', message, { httpStatus: response.status });
  throw new CarrierError('rejected', message, {
    httpStatus: response.status,
    ...(reply.code === 'address_incomplete' ? { refusal: 'address_incomplete' as const } : {}),
  });
}

/** The carrier's label when it issued one: base64 of a PDF; anything else is not a label. */
function labelOf(value: unknown): Buffer | null {
  if (typeof value !== 'string' || value === '') return null;
  const pdf = Buffer.from(value, 'base64');
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new CarrierError('malformed', 'the carrier label is not a PDF');
  return pdf;
}

export const sandboxCarrier: CarrierAdapter = {
  code: 'sandbox',
  async verify(ctx) {
    await call(ctx, 'GET', '/v1/account');
  },
  async book(ctx, parcel) {
    const reply = (await call(ctx, 'POST', '/v1/shipments', parcel)) as {
      trackingNo?: unknown;
      sortCode?: unknown;
      label?: unknown;
    };
    if (typeof reply.trackingNo !== 'string' || reply.trackingNo === '')
      throw new CarrierError('malformed', 'the booking has no tracking number');
    return {
      trackingNo: reply.trackingNo,
      sortCode: typeof reply.sortCode === 'string' ? reply.sortCode : '',
      label: labelOf(reply.label),
    };
  },
};
