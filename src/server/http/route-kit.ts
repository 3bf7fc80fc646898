/**
 * The pieces every routes file uses: a route's permission config, the empty and id-list reply
 * schemas, and a success message in the caller's language. A routes file is HTTP only: the
 * contract's schema, `needs(...)`, one service call inside `inActorTenant`, `ok(...)`.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope } from '@shared/contract/common.js';
import type { PermissionCode } from '@shared/permissions.js';
import { translatorFor } from '../i18n.js';
import type { RoutePermission } from './actor.js';
import { requestLanguage } from './request-context.js';

/** A reply whose result is null (deletes, saves that answer a message only). */
export const nothing = envelope(z.null());
/** A reply whose result is a list of ids. */
export const idList = envelope(z.array(z.string()));

/** The route's permission config: one code of src/shared/permissions.ts. */
export function needs(code: PermissionCode): { permission: RoutePermission } {
  return { permission: { code } };
}

/** A success message in the caller's language (messages:saved, added, …). */
export function said(request: FastifyRequest, key: string): string {
  return translatorFor(requestLanguage(request))(`messages:${key}`);
}
