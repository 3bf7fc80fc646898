/**
 * The live channel (spec 01 §7, docs/architecture.md §7): WebSocket /websocket/{userId}. A browser cannot
 * set X-Access-Token on a WebSocket, so the session token comes as the subprotocol (echoed
 * back, as browsers require) or as a `token` query parameter, and this route checks it itself.
 * Releases arrive from any node through PostgreSQL NOTIFY on one LISTEN connection per node
 * and are pushed to the sockets of their audience held here.
 */
import websocket from '@fastify/websocket';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { liveMessage, type LiveMessage } from '@shared/contract/announcements.js';
import { string } from '@shared/contract/common.js';
import { isInAudience, SEND_STATUS } from '@shared/domain/announcements.js';
import { AppError } from '@shared/errors.js';
import { withTenant, type TenantTx } from '../../db/client.js';
import { listenToChannels } from '../../db/listener.js';
import type { AppDeps } from '../../deps.js';
import { tokenOf } from '../../http/auth.js';
import { resolveActor } from '../identity/index.js';
import { ANNOUNCEMENT_CHANNEL, USER_EVENT_CHANNEL } from './announcements.queries.js';
import { announcements } from './announcements.tables.js';
import { createLiveHub, type LiveClient, type LiveHub } from './live-hub.js';
import { plainText } from './sanitize.js';

/** How often a heartbeat also re-checks the session, so a logout closes its sockets. */
const SESSION_RECHECK_MS = 60_000;
/** How long start-up waits for the LISTEN connection before serving without it (it keeps trying). */
const LISTEN_READY_TIMEOUT_MS = 5_000;
/** Close code for a session that is no longer valid (4000 + HTTP 401). */
export const CLOSE_UNAUTHORIZED = 4401;

const releaseNotice = z.object({ tenantId: z.string().uuid(), id: z.string().uuid() });
const userEvent = z.object({ tenantId: z.string().uuid(), userId: z.string().uuid(), message: liveMessage });

/**
 * Sends a message to one user's open pages, on every node, when the transaction commits (a
 * rolled-back change tells no one).
 */
export async function notifyUser(tx: TenantTx, tenantId: string, userId: string, message: LiveMessage) {
  await tx.execute(
    sql`select pg_notify(${USER_EVENT_CHANNEL}, ${JSON.stringify({ tenantId, userId, message })})`,
  );
}

/** Pushes a user event to that user's sockets on this node. */
function deliverUserEvent(deps: AppDeps, hub: LiveHub, payload: string): void {
  const parsed = userEvent.safeParse(JSON.parse(payload));
  if (!parsed.success) {
    deps.log.warn({ err: parsed.error }, 'ignored a malformed user event');
    return;
  }
  for (const client of hub.clientsOf(parsed.data.tenantId))
    if (client.userId === parsed.data.userId) hub.send(client, parsed.data.message);
}

/** The token of a socket request: `token` query, then X-Access-Token, then the first subprotocol. */
export function socketTokenOf(request: FastifyRequest): string | null {
  const query = request.query as { token?: unknown } | undefined;
  if (typeof query?.token === 'string' && query.token) return query.token.length <= 200 ? query.token : null;
  const header = tokenOf(request.headers);
  if (header) return header;
  const protocols = request.headers['sec-websocket-protocol'];
  const first = typeof protocols === 'string' ? protocols.split(',')[0]?.trim() : undefined;
  return first && first.length <= 200 ? first : null;
}

/** Pushes a released announcement to the sockets of its audience on this node. */
async function deliverRelease(deps: AppDeps, hub: LiveHub, payload: string): Promise<void> {
  let notice: z.infer<typeof releaseNotice>;
  try {
    notice = releaseNotice.parse(JSON.parse(payload));
  } catch (error) {
    deps.log.warn({ err: error }, 'ignored a malformed announcement notice');
    return;
  }
  const clients = hub.clientsOf(notice.tenantId);
  if (clients.length === 0) return;
  const [row] = await withTenant(deps.db, notice.tenantId, (tx) =>
    tx
      .select({
        titile: announcements.titile,
        msgType: announcements.msgType,
        roleCodes: announcements.roleCodes,
        userIds: announcements.userIds,
        sendStatus: announcements.sendStatus,
      })
      .from(announcements)
      .where(eq(announcements.id, notice.id)),
  );
  if (!row || row.sendStatus !== SEND_STATUS.released) return;
  for (const client of clients) {
    // Titles are stored as plain text; one stored before that rule is cleaned on the way out.
    if (isInAudience(row, client))
      hub.send(client, { cmd: 'announcement', msgId: notice.id, msgTxt: plainText(row.titile) });
  }
}

/**
 * Registers the WebSocket support, the live route and this node's LISTEN connection. Must run
 * before other routes (the WebSocket plugin intercepts upgrades on every route). Without a
 * `listenConnection` the channel still serves heartbeats but receives no releases.
 */
export async function registerLiveChannel(
  app: FastifyInstance,
  deps: AppDeps,
  listenConnection: pg.ClientConfig | undefined,
): Promise<void> {
  await app.register(websocket, {
    options: {
      maxPayload: 4096,
      // Browsers send the token as the only subprotocol and refuse a reply that does not echo one.
      handleProtocols: (protocols) => protocols.values().next().value ?? false,
    },
  });

  const hub = createLiveHub();
  const listener = listenConnection
    ? listenToChannels({
        connection: listenConnection,
        channels: [ANNOUNCEMENT_CHANNEL, USER_EVENT_CHANNEL],
        log: deps.log,
        onNotification: (channel, payload) => {
          if (channel === USER_EVENT_CHANNEL) {
            try {
              deliverUserEvent(deps, hub, payload);
            } catch (error) {
              deps.log.warn({ err: error }, 'ignored an unreadable user event');
            }
            return;
          }
          deliverRelease(deps, hub, payload).catch((error: unknown) =>
            deps.log.error({ err: error }, 'announcement push failed'),
          );
        },
      })
    : null;
  if (!listener) deps.log.warn('no LISTEN connection configured: announcements are not pushed live');

  app.addHook('onReady', async () => {
    if (listener && !(await listener.ready(LISTEN_READY_TIMEOUT_MS)))
      deps.log.warn('LISTEN connection not ready yet: live announcements wait for it');
  });
  app.addHook('onClose', async () => {
    hub.close();
    await listener?.close();
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/websocket/:userId',
    {
      websocket: true,
      // Checked by this route's own onRequest below: the token does not come in X-Access-Token.
      config: { permission: 'public' },
      schema: {
        hide: true,
        params: z.object({ userId: string().max(64) }),
        querystring: z.object({ token: string().max(200).optional() }),
      },
      onRequest: async (request) => {
        const token = socketTokenOf(request);
        const actor = token ? await resolveActor(deps.db, token) : null;
        const { userId } = request.params as { userId?: string };
        if (!actor || actor.userId !== userId) throw new AppError('common.unauthorized');
        request.actor = actor;
      },
    },
    (socket, request) => {
      const actor = request.actor;
      const token = socketTokenOf(request);
      if (!actor || !token) {
        socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        return;
      }
      const client: LiveClient = {
        tenantId: actor.tenantId,
        userId: actor.userId,
        userRole: actor.userRole,
        socket,
      };
      const remove = hub.add(client);
      socket.on('close', remove);
      let checkedAt = Date.now();
      // Any text is the client's heartbeat (spec 01 §4); it is answered, and now and then the
      // session is checked again so a revoked token stops receiving.
      socket.on('message', () => {
        hub.send(client, { cmd: 'heartcheck' });
        if (Date.now() - checkedAt < SESSION_RECHECK_MS) return;
        checkedAt = Date.now();
        resolveActor(deps.db, token)
          .then((current) => {
            if (current?.userId !== actor.userId) socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
          })
          .catch(() => undefined);
      });
    },
  );
}
