/**
 * Turns every failure into the error envelope of docs/architecture.md §3: a stable code, the HTTP status of
 * the spec's catalogue, a message in the caller's language, the failing fields for bad input.
 * Nothing but a bug answers 500, and a 500 never carries a stack trace or SQL.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode, type FieldError } from '@shared/errors.js';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.js';
import { translatorFor } from '../i18n.js';
import { requestLanguage } from './request-context.js';
import { API_POLICY, BASE_HEADERS } from './security-headers.js';

interface PgError {
  code: string;
  constraint?: string;
}

function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PgError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code)
  );
}

const RULE_NAME = /^[a-z][a-z_]*$/;

function fieldFromIssue(issue: {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}): FieldError {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const params: Record<string, string | number> = {};
  for (const name of ['minimum', 'maximum', 'expected', 'format'] as const) {
    const value = issue.params[name];
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    if (typeof value === 'bigint') params[name] = Number(value);
  }
  if (Array.isArray(issue.params.keys)) params.keys = issue.params.keys.join(', ');
  if (Array.isArray(issue.params.values)) params.values = issue.params.values.map(String).join(', ');
  let rule = issue.keyword;
  if (issue.message && RULE_NAME.test(issue.message)) rule = issue.message;
  else if (issue.keyword === 'too_small' || issue.keyword === 'too_big') {
    rule = `${issue.keyword}_${issue.params.origin === 'string' ? 'string' : issue.params.origin === 'array' ? 'array' : 'number'}`;
  } else if (issue.keyword === 'invalid_format' && typeof issue.params.format === 'string') {
    rule = issue.params.format === 'regex' ? 'invalid_format' : `invalid_${issue.params.format}`;
  } else if (issue.keyword === 'invalid_type' && path && issue.params.received === 'undefined') {
    rule = 'required';
  } else if (issue.keyword === 'invalid_type' && issue.params.expected === 'int') {
    rule = 'not_integer';
  } else if (issue.keyword === 'not_multiple_of' && typeof issue.params.divisor === 'number') {
    rule = 'too_many_decimals';
    params.digits = (String(issue.params.divisor).split('.')[1] ?? '').length;
  }
  return { path: path || '(root)', rule, params };
}

/** Maps a thrown value to the code, params and fields of the reply. */
export function classifyError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => fieldFromIssue(issue));
    return new AppError('common.validation', {}, fields);
  }
  const pgError = isPgError(error)
    ? error
    : isPgError((error as { cause?: unknown })?.cause)
      ? (error as { cause: PgError }).cause
      : null;
  if (pgError) {
    switch (pgError.code) {
      case '23505':
        return new AppError('common.conflict');
      case '23503':
        return new AppError('common.not_found');
      case '22P02':
      case '22001':
      case '22003':
      case '22007':
      case '22008':
        return new AppError('common.validation');
      case '23514':
        return new AppError('common.conflict');
      default:
        return null;
    }
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const byStatus: Record<number, ErrorCode> = {
      400:
        fastifyError?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'common.malformed_json'
          : 'common.validation',
      401: 'common.unauthorized',
      403: 'common.forbidden',
      404: 'common.not_found',
      413: 'common.payload_too_large',
      415: 'common.unsupported_media_type',
      429: 'common.rate_limited',
    };
    return new AppError(byStatus[status] ?? 'common.validation');
  }
  return null;
}

/** The error envelope in `language`: code, status, translated message, failing fields. */
function errorBody(language: Language, error: AppError) {
  const t = translatorFor(language);
  const fields = error.fields.map((field) => ({
    path: field.path,
    rule: field.rule,
    message: t(`errors:validation.${field.rule}`, {
      ...field.params,
      defaultValue: t('errors:validation.invalid'),
    }),
  }));
  let message = t(`errors:${error.code}`, error.params);
  if (error.code === 'common.validation' && fields.length > 0)
    message = `${message}: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`;
  return {
    success: false,
    message,
    code: error.code,
    status: error.status,
    params: error.params,
    ...(fields.length > 0 ? { fields } : {}),
    result: null,
    timestamp: Date.now(),
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  return reply.status(error.status).send(errorBody(requestLanguage(request), error));
}

/** What Node's HTTP parser refuses before Fastify sees a request, by the parser's error code. */
function clientErrorCode(code: string | undefined): ErrorCode {
  if (code === 'HPE_HEADER_OVERFLOW') return 'common.headers_too_large';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'common.request_timeout';
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 'common.payload_too_large';
  return 'common.bad_request';
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refused (headers or address over
 * the size limit, malformed request line, a client too slow to send) still gets the error
 * envelope with its code, written straight to the socket because no request object exists.
 * Its language is the default one: the request's headers were never read.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const appError = new AppError(clientErrorCode(error.code));
    const body = JSON.stringify(errorBody(DEFAULT_LANGUAGE, appError));
    const security = Object.entries({ ...BASE_HEADERS, 'content-security-policy': API_POLICY })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status] ?? ''}\r\n` +
        security +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify's `frameworkErrors`: errors the router raises before a route runs (an address that
 * is not valid percent-encoding, say) get the envelope like any other.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, 'framework error');
  return sendError(request, reply, new AppError(status < 500 ? 'common.bad_request' : 'common.internal'));
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const known = classifyError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, known);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('common.internal'));
  });
}

export function routeNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, new AppError('common.route_not_found'));
}
