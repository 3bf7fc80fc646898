/**
 * The live channel's sockets open on this server node, by tenant. It holds no state another
 * node needs: releases reach every node through PostgreSQL NOTIFY, and each node pushes to the
 * sockets it holds. Sockets that stop answering pings are dropped.
 */
import type { WebSocket } from 'ws';
import type { LiveMessage } from '@shared/contract/announcements.js';
import type { UserRole } from '@shared/domain/roles.js';

export interface LiveClient {
  tenantId: string;
  userId: string;
  userRole: UserRole;
  socket: WebSocket;
}

export interface LiveHub {
  /** Adds a socket; returns the function that removes it. */
  add(client: LiveClient): () => void;
  clientsOf(tenantId: string): LiveClient[];
  send(client: LiveClient, message: LiveMessage): void;
  close(): void;
}

/** Browser tabs a user may hold open at once; the oldest socket is closed past this. */
const MAX_SOCKETS_PER_USER = 10;
const PING_INTERVAL_MS = 30_000;

export function createLiveHub(): LiveHub {
  const byTenant = new Map<string, Set<LiveClient>>();
  const alive = new WeakMap<WebSocket, boolean>();

  const remove = (client: LiveClient) => {
    const clients = byTenant.get(client.tenantId);
    clients?.delete(client);
    if (clients?.size === 0) byTenant.delete(client.tenantId);
  };

  // A socket that has not answered the previous ping is gone (a laptop closed, a network lost).
  const ping = setInterval(() => {
    for (const clients of byTenant.values()) {
      for (const client of clients) {
        if (alive.get(client.socket) === false) {
          client.socket.terminate();
          remove(client);
          continue;
        }
        alive.set(client.socket, false);
        client.socket.ping();
      }
    }
  }, PING_INTERVAL_MS);
  ping.unref();

  return {
    add(client) {
      const clients = byTenant.get(client.tenantId) ?? new Set<LiveClient>();
      byTenant.set(client.tenantId, clients);
      const own = [...clients].filter((other) => other.userId === client.userId);
      for (const old of own.slice(0, Math.max(0, own.length - MAX_SOCKETS_PER_USER + 1))) {
        old.socket.close(4429, 'too many connections');
        remove(old);
      }
      clients.add(client);
      alive.set(client.socket, true);
      client.socket.on('pong', () => alive.set(client.socket, true));
      return () => remove(client);
    },
    clientsOf(tenantId) {
      return [...(byTenant.get(tenantId) ?? [])];
    },
    send(client, message) {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
    },
    close() {
      clearInterval(ping);
      byTenant.clear();
    },
  };
}
