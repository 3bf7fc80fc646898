/**
 * The one HTTP client of the admin and the PDA: base path /api, the token in
 * X-Access-Token, `_t` (seconds) on GET requests except dictionary look-ups, a 60 s time-out,
 * JSON replies parsed with the shared zod schemas, blob download and multipart upload.
 * Failures become ApiError; how the UI reacts to them is the error catalogue's job.
 */
import type { z } from 'zod';
import { sessionStore } from './storage.js';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 60_000;

export interface ApiFieldError {
  path: string;
  rule: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params: Record<string, string | number> = {},
    readonly fields: ApiFieldError[] = [],
    /** The whole error reply, for calls that answer more than the envelope (an import's row report). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

/** The page a server-paged list asks for. */
export interface PageParams {
  pageNo: number;
  pageSize: number;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Parses `result` of the envelope. */
  schema?: z.ZodType<T>;
  /** Dictionary look-ups go without the `_t` cache-buster. */
  noCacheBuster?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The caller shows the failure itself: the error catalogue stays quiet. */
  silent?: boolean;
  /** Headers of the call's own (the PDA's device key), besides the session's. */
  headers?: Record<string, string>;
}

/** Hooks the app installs: the current language and the reaction to failures. */
export const clientHooks: {
  language: () => string;
  onError: (error: ApiError) => void;
} = {
  language: () => 'zh-CN',
  onError: () => undefined,
};

export function buildUrl(path: string, query: Query = {}, withCacheBuster = false): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  if (withCacheBuster) params.set('_t', String(Math.floor(Date.now() / 1000)));
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function headers(json: boolean): Headers {
  const result = new Headers();
  const token = sessionStore.token();
  if (token) result.set('X-Access-Token', token);
  result.set('X-Lang', clientHooks.language());
  if (json) result.set('Content-Type', 'application/json');
  return result;
}

async function send(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    return await fetch(url, { ...init, signal: combined });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(504, 'network.timeout', 'timeout');
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network.offline', 'network error');
  }
}

async function failure(response: Response): Promise<ApiError> {
  let body: {
    code?: unknown;
    message?: unknown;
    params?: unknown;
    fields?: unknown;
    [key: string]: unknown;
  } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = {};
  }
  return new ApiError(
    response.status,
    typeof body.code === 'string' ? body.code : `http.${response.status}`,
    typeof body.message === 'string' ? body.message : response.statusText,
    (body.params as Record<string, string | number>) ?? {},
    Array.isArray(body.fields) ? (body.fields as ApiFieldError[]) : [],
    body,
  );
}

export interface Envelope<T> {
  success: boolean;
  message: string;
  code: number | string;
  result: T;
  timestamp: number;
}

/** Sends a request and answers the whole envelope (for callers that show `message`). */
export async function requestEnvelope<T>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<Envelope<T>> {
  const method = options.method ?? 'GET';
  const isJson = options.body !== undefined && !(options.body instanceof FormData);
  const url = buildUrl(path, options.query, method === 'GET' && !options.noCacheBuster);
  const sent = headers(isJson);
  for (const [name, value] of Object.entries(options.headers ?? {})) sent.set(name, value);
  const init: RequestInit = { method, headers: sent };
  if (options.body !== undefined) {
    init.body = options.body instanceof FormData ? options.body : JSON.stringify(options.body);
  }
  try {
    const response = await send(url, init, options.timeoutMs ?? REQUEST_TIMEOUT_MS, options.signal);
    if (!response.ok) throw await failure(response);
    const envelope = (await response.json()) as Envelope<unknown>;
    if (!envelope.success) throw new ApiError(response.status, String(envelope.code), envelope.message);
    const result = options.schema ? options.schema.parse(envelope.result) : (envelope.result as T);
    return { ...envelope, result };
  } catch (error) {
    if (error instanceof ApiError && !options.silent) clientHooks.onError(error);
    throw error;
  }
}

/** Sends a request and answers `result`. */
export async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await requestEnvelope(path, options)).result;
}

/** A GET whose `result` is parsed with the schema. */
export const getParsed = <T>(path: string, schema: z.ZodType<T>, query?: Query): Promise<T> =>
  request(path, { query, schema });

/**
 * A change a screen reports itself: a body for POST and PUT, query parameters for GET and
 * DELETE; silent (the error catalogue stays quiet) and answering the whole envelope, so the
 * screen can show the server's message.
 */
export function changeRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: z.ZodType<T>,
  payload: object,
): Promise<Envelope<T>> {
  const isQuery = method === 'GET' || method === 'DELETE';
  return requestEnvelope(path, {
    method,
    schema,
    silent: true,
    ...(isQuery ? { query: payload as Query } : { body: payload }),
  });
}

/** Downloads a file the server generates and hands it to the browser under its name. */
export async function downloadBlob(path: string, query: Query = {}, fileName?: string): Promise<Blob> {
  const response = await send(buildUrl(path, query, true), { headers: headers(false) }, REQUEST_TIMEOUT_MS);
  if (!response.ok) {
    const error = await failure(response);
    clientHooks.onError(error);
    throw error;
  }
  const blob = await response.blob();
  if (fileName && typeof document !== 'undefined') {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }
  return blob;
}

/** Uploads files as multipart form data (field `file`, plus extra fields). */
export function upload<T>(
  path: string,
  files: File[],
  fields: Record<string, string> = {},
  schema?: z.ZodType<T>,
) {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return request<T>(path, { method: 'POST', body: form, schema });
}
