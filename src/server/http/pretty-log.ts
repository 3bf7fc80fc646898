/**
 * Log lines for a person at a terminal: pino writes one JSON object per line; this stream turns
 * each into `12:04:05 INFO  message key=value`, and a request into one line when it completes
 * (`GET /api/health 200 3 ms`). Where logs go to a file or a collector they stay JSON.
 */
import type { DestinationStream } from 'pino';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has, or that the request line already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime']);
/** Requests in flight are few; the bound only guards against lines that never complete. */
const MAX_OPEN_REQUESTS = 1000;

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

function clock(time: number | undefined): string {
  return new Date(time ?? Date.now()).toTimeString().slice(0, 8);
}

function detailsOf(line: LogLine): string {
  return Object.entries(line)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => {
      if (key === 'err' && line.err) return `\n${line.err.stack ?? line.err.message ?? ''}`;
      return `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    })
    .join(' ');
}

/** Formats one pino JSON line; undefined when the line says nothing on its own (a request starting). */
export function formatLogLine(raw: string, openRequests: Map<string, string>): string | undefined {
  let line: LogLine;
  try {
    line = JSON.parse(raw) as LogLine;
  } catch {
    return raw.trimEnd();
  }
  const head = `${clock(line.time)} ${LEVELS[line.level ?? 30] ?? 'INFO '}`;
  if (line.reqId && line.req && line.msg === 'incoming request') {
    if (openRequests.size >= MAX_OPEN_REQUESTS) openRequests.clear();
    openRequests.set(line.reqId, `${line.req.method ?? ''} ${line.req.url ?? ''}`);
    return undefined;
  }
  if (line.reqId && line.res && line.msg === 'request completed') {
    const request = openRequests.get(line.reqId) ?? '';
    openRequests.delete(line.reqId);
    const took = line.responseTime === undefined ? '' : ` ${Math.round(line.responseTime)} ms`;
    return `${head} ${request} ${line.res.statusCode ?? ''}${took}`;
  }
  const details = detailsOf(line);
  return `${head} ${line.msg ?? ''}${details ? ` ${details}` : ''}`;
}

/** A pino destination writing readable lines to `output` (the terminal). */
export function prettyLogStream(
  output: { write(text: string): unknown } = process.stdout,
): DestinationStream {
  const openRequests = new Map<string, string>();
  return {
    write(chunk: string) {
      for (const raw of chunk.split('\n')) {
        if (raw.trim() === '') continue;
        const text = formatLogLine(raw, openRequests);
        if (text !== undefined) output.write(`${text}\n`);
      }
    },
  };
}
