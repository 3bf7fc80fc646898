import type { FastifyRequest } from 'fastify';
import { matchLanguage, resolveLanguage, type Language } from '@shared/i18n/languages.js';
import { AppError } from '@shared/errors.js';
import type { Actor } from './actor.js';

/**
 * The caller's language: the one the app names on the request (`lang` query, then X-Lang), else
 * the signed-in user's own choice, else the browser's Accept-Language, else the default. The
 * account comes before Accept-Language: a browser always sends one, and a user who chose a
 * language in the product means it over whatever the machine is set to.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const header = request.headers['x-lang'];
  return (
    matchLanguage(typeof query?.lang === 'string' ? query.lang : undefined) ??
    matchLanguage(typeof header === 'string' ? header : undefined) ??
    request.actor?.language ??
    resolveLanguage(request.headers['accept-language'])
  );
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
