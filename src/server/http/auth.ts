/**
 * Deny by default: every route declares `config.permission`; a route without one stops the
 * server at start. The token (X-Access-Token) is resolved before the body is validated, so
 * an anonymous caller learns nothing about a protected route's schema. A session that ran out
 * of time answers 'auth.token_expired' (the client's 'login expired' dialog), any other bad
 * token 'common.unauthorized'.
 *
 * Every request reads its session, so a logout, a revocation or a freeze on any node refuses
 * the very next request. A route that only reads (`config.readsAhead`, a GET whose reads go
 * through readInActorTenant) does not wait for that read: it starts on the actor its token had
 * on this node's last request, while the session is read beside it, and nothing of its reply
 * leaves before that read confirms the actor. A refused session answers its refusal instead; an
 * actor changed since (a role's permissions, the department) runs the read again as it is now.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '@shared/errors.js';
import type { Db } from '../db/client.js';
import { isSameActor, meetsPermission, type Actor, type RoutePermission } from './actor.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** The route only reads: it may start before its session read confirms the actor. */
    readsAhead?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The session read of a request that started on its token's last actor, until its reply. */
    sessionCheck: Promise<SessionCheck> | null;
  }
}

/** What a session read answered: the actor, why there is none, or the failure of the read. */
type SessionCheck = Actor | ErrorCode | Error;

/** How many tokens' last actors a node keeps for reads ahead (the oldest leaves first). */
const LAST_ACTORS_MAX = 10_000;

/**
 * Waits for the session read of a request that started ahead of it (nothing to wait for
 * otherwise) and fails unless it confirmed the actor the request started on: work that writes
 * never runs on an unconfirmed actor. Confirmed, the request is as one that waited (its reply
 * leaves at once); refused or changed, the reply's hook answers the refusal, or the request run
 * again.
 */
export async function confirmActor(request: FastifyRequest): Promise<void> {
  const check = request.sessionCheck;
  if (!check) return;
  if (!confirms(await check, request.actor)) throw new AppError('common.unauthorized');
  request.sessionCheck = null;
}

/** Whether a session read answered the very actor a request started on. */
function confirms(checked: SessionCheck, actor: Actor | null): boolean {
  return (
    typeof checked !== 'string' &&
    !(checked instanceof Error) &&
    actor !== null &&
    isSameActor(checked, actor)
  );
}

/** A reply's payload that is a stream is closed, not left open, when another reply replaces it. */
function dropPayload(payload: unknown): void {
  if (payload && typeof (payload as { destroy?: unknown }).destroy === 'function')
    (payload as { destroy: () => void }).destroy();
}

const TOKEN_HEADER = 'x-access-token';

/** Routes registered by plugins (API docs, static files) that are public by nature. */
const PUBLIC_PREFIXES = ['/api/docs'];
const isPluginRoute = (url: string) =>
  PUBLIC_PREFIXES.some((prefix) => url.startsWith(prefix)) || !url.startsWith('/api');

export function tokenOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers[TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : null;
}

/** The signed-in actor of a token (the identity module's sessions), or the code of why there is none. */
export type Authenticator = (db: Db, token: string) => Promise<Actor | ErrorCode>;

/** Registers the permission check; `authenticate` is passed in by app.ts, the composition root. */
export function registerAuth(app: FastifyInstance, db: Db, authenticate: Authenticator) {
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionCheck', null);
  // Each token's actor as its last session read on this node confirmed it.
  const lastActors = new Map<string, Actor>();
  const remember = (token: string, actor: Actor) => {
    lastActors.delete(token);
    lastActors.set(token, actor);
    if (lastActors.size <= LAST_ACTORS_MAX) return;
    const [oldest] = lastActors.keys();
    if (oldest !== undefined) lastActors.delete(oldest);
  };
  const readSession = async (token: string): Promise<Actor | ErrorCode> => {
    const actor = await authenticate(db, token);
    if (typeof actor === 'string') lastActors.delete(token);
    else remember(token, actor);
    return actor;
  };

  app.addHook('onRoute', (route) => {
    if (isPluginRoute(route.url)) return;
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Route ${route.method} ${route.url} declares no permission`);
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission || permission === 'public') return;
    const token = tokenOf(request.headers);
    if (!token) throw new AppError('common.unauthorized');
    const last = request.routeOptions.config?.readsAhead && request.method === 'GET' && lastActors.get(token);
    if (last && meetsPermission(last, permission)) {
      request.actor = last;
      request.sessionCheck = readSession(token).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      );
      return;
    }
    const actor = await readSession(token);
    if (typeof actor === 'string') throw new AppError(actor);
    request.actor = actor;
    if (!meetsPermission(actor, permission)) throw new AppError('common.forbidden');
  });

  // A reply of a request that started ahead of its session read leaves once the read confirms
  // its actor. Hooks see it again with the check done when the reply is replaced.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const check = request.sessionCheck;
    if (!check) return payload;
    request.sessionCheck = null;
    const checked = await check;
    if (confirms(checked, request.actor)) return payload;
    dropPayload(payload);
    if (checked instanceof Error) throw checked;
    if (typeof checked === 'string') throw new AppError(checked);
    // The actor changed since the token's last request: the read runs again as it is now (a
    // GET: running it again changes nothing). Its reply, status and headers replace this one's.
    const again = await app.inject({ method: 'GET', url: request.url, headers: request.headers });
    reply.code(again.statusCode);
    for (const [name, value] of Object.entries(again.headers))
      if (value !== undefined && name !== 'content-length' && name !== 'transfer-encoding')
        reply.header(name, value);
    return again.rawPayload;
  });
}
