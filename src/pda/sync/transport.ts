/**
 * The two calls of the sync protocol (src/shared/contract/pda.ts) over fetch. Replies come in
 * the server's envelope and are parsed with the shared schemas. Every failure becomes a
 * SyncHttpError whose `kind` tells the engine what to do: retry later, stop and ask, or halve.
 */
import {
  pullReply,
  pushReply,
  type PullReply,
  registerDeviceReply,
  type PushReply,
  type PushRequest,
  type RegisterDeviceReply,
  type RegisterDeviceRequest,
} from '@shared/contract/pda.js';

export interface SyncTransport {
  /** Registers the device under its id; answers the key every push must present. */
  register(request: RegisterDeviceRequest, signal?: AbortSignal): Promise<RegisterDeviceReply>;
  push(request: PushRequest, signal?: AbortSignal): Promise<PushReply>;
  pull(cursor: string | null, signal?: AbortSignal): Promise<PullReply>;
  /** Stores one discrepancy photo under its device-made key; again is harmless. */
  uploadPhoto(
    photo: { inboundOrderId: string; key: string; blob: Blob },
    signal?: AbortSignal,
  ): Promise<void>;
}

export type SyncFailureKind =
  /** Network down, time-out, 5xx, 429: back off and retry the same batch. */
  | 'transient'
  /** 401: the token or the session is gone; sync waits for a new login. */
  | 'unauthorized'
  /** 403: the device or user may not sync here; sync stops, the queue stays. */
  | 'forbidden'
  /** 413: the batch is too big; send half. */
  | 'too_large'
  /** 426: the app is too old; an update must be applied (the queue survives it). */
  | 'update_required'
  /** 400 or an unreadable reply: a bug; retried slowly, shown with its code. */
  | 'bad_request';

export class SyncHttpError extends Error {
  constructor(
    readonly kind: SyncFailureKind,
    readonly status: number,
    readonly code: string,
    /** From Retry-After, when the server sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`${kind} (${status} ${code})`);
    this.name = 'SyncHttpError';
  }
}

function kindOf(status: number): SyncFailureKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 413) return 'too_large';
  if (status === 426) return 'update_required';
  if (status === 408 || status === 429 || status >= 500) return 'transient';
  return 'bad_request';
}

function retryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export interface HttpTransportOptions {
  /** '/api' in the app; an absolute URL in tests. */
  baseUrl?: string;
  token: () => string | null;
  language?: () => string;
  /** Captive Wi-Fi can hang a request; a time-out counts as offline. */
  timeoutMs?: number;
}

/** The transport the app uses: fetch, the token in X-Access-Token, the envelope unwrapped. */
export function httpTransport(options: HttpTransportOptions): SyncTransport {
  const base = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(url: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
    const headers = new Headers(init.headers);
    const token = options.token();
    if (token) headers.set('X-Access-Token', token);
    if (options.language) headers.set('X-Lang', options.language());
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch {
      throw new SyncHttpError('transient', 0, timeout.aborted ? 'network.timeout' : 'network.offline');
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (!response.ok || envelope.success !== true) {
      const status = response.ok ? 500 : response.status;
      const code = typeof envelope.code === 'string' ? envelope.code : `http.${status}`;
      throw new SyncHttpError(kindOf(status), status, code, retryAfter(response.headers.get('Retry-After')));
    }
    return envelope.result;
  }

  function parsed<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }) {
    return (value: unknown): T => {
      const result = schema.safeParse(value);
      if (!result.success) throw new SyncHttpError('bad_request', 200, 'pda.reply_unreadable');
      return result.data;
    };
  }

  return {
    async register(request, signal) {
      const init = {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
      };
      return parsed(registerDeviceReply)(await call(`${base}/pda/device/register`, init, signal));
    },
    async push(request, signal) {
      const init = {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
      };
      return parsed(pushReply)(await call(`${base}/pda/sync/push`, init, signal));
    },
    async uploadPhoto(photo, signal) {
      const query = new URLSearchParams({ inboundOrderId: photo.inboundOrderId, key: photo.key });
      const form = new FormData();
      form.append('file', photo.blob, photo.key.split('/').pop() ?? 'photo');
      await call(`${base}/pda/photo?${query.toString()}`, { method: 'POST', body: form }, signal);
    },
    async pull(cursor, signal) {
      const query = new URLSearchParams();
      if (cursor) query.set('cursor', cursor);
      query.set('_t', String(Math.floor(Date.now() / 1000)));
      return parsed(pullReply)(
        await call(`${base}/pda/sync/pull?${query.toString()}`, { method: 'GET' }, signal),
      );
    },
  };
}
