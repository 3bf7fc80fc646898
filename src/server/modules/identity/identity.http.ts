/** Small pieces every administration route file uses: permission config, replies, messages. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../shared/contract/common.js';
import type { PermissionCode } from '../../../shared/permissions.js';
import type { RoutePermission } from '../../http/actor.js';
import { requestLanguage } from '../../http/request-context.js';
import { translatorFor } from '../../i18n.js';
import type { Labels } from './roles/permissions.service.js';

export const nothing = envelope(z.null());
export const idList = envelope(z.array(z.string()));

/** The route's permission config: one code of src/shared/permissions.ts. */
export function needs(code: PermissionCode): { permission: RoutePermission } {
  return { permission: { code } };
}

/** A success message in the caller's language (messages:saved, added, …). */
export function said(request: FastifyRequest, key: string): string {
  return translatorFor(requestLanguage(request))(`messages:${key}`);
}

/** Permission titles in the caller's language. */
export function labelsOf(request: FastifyRequest): Labels {
  const language = requestLanguage(request);
  return { language, t: translatorFor(language) };
}
