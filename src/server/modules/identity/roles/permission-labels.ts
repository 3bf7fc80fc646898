/** Permission titles in the caller's language, for the routes that list permissions. */
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from '@server/http/request-context.js';
import { translatorFor } from '@server/i18n.js';
import type { Labels } from './permissions.service.js';

export function labelsOf(request: FastifyRequest): Labels {
  const language = requestLanguage(request);
  return { language, t: translatorFor(language) };
}
