/**
 * One dedicated PostgreSQL connection per server node that LISTENs on some channels, so a
 * NOTIFY sent by any node (at commit) reaches every node. The connection is outside the pools
 * (a pooled client would be lost to them) and comes back by itself with a growing delay when it
 * drops; a ping every half minute notices a connection that died silently.
 */
import pg from 'pg';

export interface ListenerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface ChannelListenerOptions {
  connection: pg.ClientConfig;
  channels: readonly string[];
  onNotification(channel: string, payload: string): void;
  log: ListenerLog;
  /** Delay before the first reconnect, doubled per failure up to maxRetryMs. */
  minRetryMs?: number;
  maxRetryMs?: number;
  pingMs?: number;
}

export interface ChannelListener {
  /** Resolves once the channels are listened to (first connection), or after `timeoutMs`. */
  ready(timeoutMs: number): Promise<boolean>;
  isListening(): boolean;
  close(): Promise<void>;
}

/** The application_name of the listening connection, to find it in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'wms-listener';

export function listenToChannels(options: ChannelListenerOptions): ChannelListener {
  const minRetryMs = options.minRetryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let waiters: ((listening: boolean) => void)[] = [];

  const settle = (listening: boolean) => {
    const pending = waiters;
    waiters = [];
    for (const resolve of pending) resolve(listening);
  };

  const schedule = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(maxRetryMs, minRetryMs * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const drop = (lost: pg.Client, reason: unknown) => {
    if (client !== lost) return;
    client = null;
    options.log.warn({ err: reason }, 'LISTEN connection lost, reconnecting');
    lost.end().catch(() => undefined);
    schedule();
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({
      ...options.connection,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.payload !== undefined) options.onNotification(message.channel, message.payload);
    });
    next.on('error', (error) => drop(next, error));
    next.on('end', () => drop(next, new Error('connection ended')));
    try {
      await next.connect();
      for (const channel of options.channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => undefined);
      options.log.warn({ err: error }, 'LISTEN connection failed, retrying');
      schedule();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (failures > 0) options.log.info({ channels: options.channels }, 'LISTEN connection restored');
    failures = 0;
    settle(true);
  };

  const ping = setInterval(() => {
    const current = client;
    current?.query('select 1').catch((error: unknown) => drop(current, error));
  }, options.pingMs ?? 30_000);
  ping.unref();

  void connect();

  return {
    ready(timeoutMs) {
      if (client) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== finish);
          resolve(false);
        }, timeoutMs);
        const finish = (listening: boolean) => {
          clearTimeout(timer);
          resolve(listening);
        };
        waiters.push(finish);
      });
    },
    isListening: () => client !== null,
    async close() {
      closed = true;
      clearInterval(ping);
      if (retryTimer) clearTimeout(retryTimer);
      settle(false);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
