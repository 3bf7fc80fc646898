/** A WebSocket client for the live channel in tests: open, wait for a message, or see a refusal. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Listens on a free local port and returns the base ws:// address. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

export interface LiveSocket {
  socket: WebSocket;
  /** The next message as JSON, or a rejection after `timeoutMs`. */
  next(timeoutMs: number): Promise<unknown>;
  /** Messages received so far and not yet taken by next(). */
  pending(): unknown[];
  close(): void;
}

/** Opens a socket; rejects with the HTTP status when the server refuses the upgrade. */
export function openSocket(url: string, protocols?: string[]): Promise<LiveSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols);
    const queue: unknown[] = [];
    const waiting: ((message: unknown) => void)[] = [];
    socket.on('message', (data) => {
      const message: unknown = JSON.parse(String(data));
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else queue.push(message);
    });
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`refused with ${response.statusCode}`));
      socket.terminate();
    });
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        next(timeoutMs) {
          if (queue.length > 0) return Promise.resolve(queue.shift());
          return new Promise((resolveMessage, rejectMessage) => {
            const timer = setTimeout(() => {
              waiting.splice(waiting.indexOf(done), 1);
              rejectMessage(new Error(`no message within ${timeoutMs} ms`));
            }, timeoutMs);
            const done = (message: unknown) => {
              clearTimeout(timer);
              resolveMessage(message);
            };
            waiting.push(done);
          });
        },
        pending: () => [...queue],
        close: () => socket.close(),
      }),
    );
  });
}
