/**
 * A TCP proxy between the browser and the live server that a test can cut and restore, for
 * real offline: `context.setOffline(true)` does not stop requests made by a service worker
 * (docs/research/pda-offline.md §5.2, microsoft/playwright#2311), but nothing gets through a proxy that
 * resets every open connection and every new one. It can also drop one response after the
 * server has sent it (so the server committed the work), before the browser sees a byte of it.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface CuttableProxy {
  /** The proxy's origin, to open pages on instead of the server's. */
  readonly url: string;
  /** Resets every open connection and refuses new ones until restore(). */
  cut(): void;
  restore(): void;
  /**
   * Drops the response to the next request whose request line starts with `request` (such as
   * 'POST /api/pda/sync/push'): the connection is reset when the server's first bytes arrive.
   */
  dropNextResponse(request: string): void;
  /** How many responses were dropped so far. */
  droppedResponses(): number;
  /** The request lines seen, oldest first (for diagnosis). */
  requests(): string[];
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
  /** The last request line the browser sent on this connection (HTTP/1.1, one at a time). */
  lastRequest: string;
}

const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/1\.[01]\r\n/;

/** Starts the proxy on a free loopback port, forwarding to `target` (http://host:port). */
export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const pairs = new Set<Pair>();
  const seen: string[] = [];
  let isCut = false;
  let dropRequest: string | null = null;
  let dropped = 0;

  const end = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream.destroy();
    pairs.delete(pair);
  };
  const reset = (pair: Pair) => {
    if (!pair.client.destroyed) pair.client.resetAndDestroy();
    end(pair);
  };

  /** Copies from one socket to the other, pausing while the other's buffer is full. */
  const forward = (from: Socket, to: Socket, chunk: Buffer) => {
    if (!to.write(chunk)) {
      from.pause();
      to.once('drain', () => from.resume());
    }
  };

  const server = createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    const pair: Pair = { client, upstream, lastRequest: '' };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      const line = REQUEST_LINE.exec(chunk.toString('latin1', 0, 512));
      if (line) {
        pair.lastRequest = line[0].trim();
        seen.push(pair.lastRequest);
      }
      forward(client, upstream, chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (dropRequest !== null && pair.lastRequest.startsWith(`${dropRequest} `)) {
        dropRequest = null;
        dropped += 1;
        reset(pair);
        return;
      }
      forward(upstream, client, chunk);
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    for (const socket of [client, upstream]) {
      socket.on('error', () => end(pair));
      socket.on('close', () => end(pair));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      isCut = true;
      for (const pair of [...pairs]) reset(pair);
    },
    restore() {
      isCut = false;
    },
    dropNextResponse(request) {
      dropRequest = request;
    },
    droppedResponses: () => dropped,
    requests: () => [...seen],
    async close() {
      for (const pair of [...pairs]) end(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
