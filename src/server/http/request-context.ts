import type { FastifyRequest } from 'fastify';
import { resolveLanguage, type Language } from '@shared/i18n/languages.js';
import { AppError } from '@shared/errors.js';
import type { Actor } from './actor.js';

/**
 * The caller's language: the one the request names (`lang` query, then the X-Lang and
 * Accept-Language headers), else the signed-in user's own choice, else the default.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.lang === 'string' ? query.lang : undefined;
  const header = request.headers['x-lang'];
  const named = fromQuery ?? (typeof header === 'string' ? header : request.headers['accept-language']);
  if (!named && request.actor?.language) return request.actor.language;
  return resolveLanguage(named);
}

/**
 * The signed-in actor; routes declared 'public' must not call this. A request that started ahead
 * of its session read (auth.ts, `readsAhead`) has no actor here until that read confirmed it:
 * only its read-only work takes the actor before (`actorAheadOf`), so a route that reads ahead
 * and does anything else with its actor fails, in its tests, instead of acting on an actor
 * nothing confirmed.
 */
export function actorOf(request: FastifyRequest): Actor {
  if (request.sessionCheck)
    throw new Error('the actor of a request that reads ahead, before its session read');
  return actorAheadOf(request);
}

/** The actor a request runs on, confirmed or not yet: for read-only work (scope.ts's readInActorTenant). */
export function actorAheadOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('common.unauthorized');
  return request.actor;
}

/** The host name the site was opened on, for branding and tenant resolution. */
export function requestDomain(request: FastifyRequest): string {
  return (request.hostname ?? '').replace(/:\d+$/, '').toLowerCase();
}
