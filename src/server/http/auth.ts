/**
 * Deny by default: every route declares `config.permission`; a route without one stops the
 * server at start. The token (X-Access-Token) is resolved before the body is validated, so
 * an anonymous caller learns nothing about a protected route's schema. A session that ran out
 * of time answers 'auth.token_expired' (the client's 'login expired' dialog), any other bad
 * token 'common.unauthorized'.
 */
import type { FastifyInstance } from 'fastify';
import { AppError, type ErrorCode } from '@shared/errors.js';
import type { Db } from '../db/client.js';
import { meetsPermission, type Actor, type RoutePermission } from './actor.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
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
    const actor = await authenticate(db, token);
    if (typeof actor === 'string') throw new AppError(actor);
    request.actor = actor;
    if (!meetsPermission(actor, permission)) throw new AppError('common.forbidden');
  });
}
