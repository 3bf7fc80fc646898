import type { FastifyRequest } from 'fastify';
import { resolveLanguage, type Language } from '../../shared/i18n/languages.js';
import { AppError } from '../../shared/errors.js';
import type { Actor } from './actor.js';

/** The caller's language: `lang` query, then X-Lang / Accept-Language headers, then the default. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.lang === 'string' ? query.lang : undefined;
  const header = request.headers['x-lang'];
  return resolveLanguage(
    fromQuery ?? (typeof header === 'string' ? header : request.headers['accept-language']),
  );
}

/** The signed-in actor; routes declared 'public' must not call this. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('common.unauthorized');
  return request.actor;
}

/** The host name the site was opened on, for branding and tenant resolution. */
export function requestDomain(request: FastifyRequest): string {
  return (request.hostname ?? '').replace(/:\d+$/, '').toLowerCase();
}
