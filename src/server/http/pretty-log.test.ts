import { describe, expect, it } from 'vitest';
import { formatLogLine, prettyLogStream } from './pretty-log.js';

const at = new Date(2026, 0, 2, 9, 8, 7).getTime();

describe('log lines at a terminal', () => {
  it('shows a request as one line when it completes: method, address, status and time', () => {
    const open = new Map<string, string>();
    const incoming = JSON.stringify({
      level: 30,
      time: at,
      reqId: 'r1',
      req: { method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' },
      msg: 'incoming request',
    });
    const completed = JSON.stringify({
      level: 30,
      time: at,
      reqId: 'r1',
      res: { statusCode: 200 },
      responseTime: 3.4,
      msg: 'request completed',
    });
    expect(formatLogLine(incoming, open)).toBeUndefined();
    expect(formatLogLine(completed, open)).toBe('09:08:07 INFO  GET /api/health 200 3 ms');
    expect(open.size).toBe(0);
  });

  it('shows other lines with their level, message and own fields', () => {
    const line = JSON.stringify({
      level: 40,
      time: at,
      pid: 1,
      hostname: 'h',
      msg: 'shutting down',
      signal: 'SIGINT',
    });
    expect(formatLogLine(line, new Map())).toBe('09:08:07 WARN  shutting down signal=SIGINT');
  });

  it('passes a line that is not JSON through as it is', () => {
    expect(formatLogLine('plain text', new Map())).toBe('plain text');
  });

  it('writes each line of a chunk to the terminal, and no JSON', () => {
    const written: string[] = [];
    const stream = prettyLogStream({ write: (text: string) => written.push(text) });
    stream.write(
      `${JSON.stringify({ level: 30, time: at, msg: 'Server listening at http://127.0.0.1:8080' })}\n`,
    );
    expect(written).toEqual(['09:08:07 INFO  Server listening at http://127.0.0.1:8080\n']);
  });
});
