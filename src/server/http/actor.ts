import type { UserRole } from '@shared/domain/roles.js';
import type { Language } from '@shared/i18n/languages.js';

/** Who is making a request: resolved from the session token, carried into every service call. */
export interface Actor {
  tenantId: string;
  userId: string;
  sessionId: string;
  username: string;
  userRole: UserRole;
  /** The seller whose data this user works on; null for agent and warehouse roles. */
  sellerId: string | null;
  orgCode: string | null;
  /** Permission codes granted through roles; administrators hold every code. */
  permissions: ReadonlySet<string>;
  isAdmin: boolean;
  /** The language the user last chose in the app; replies use it when a request names none. */
  language?: Language | null;
}

/**
 * What a route requires: nothing, a signed-in user, a permission code, or any one of several
 * codes (a call that several forms make, each behind its own permission).
 */
export type RoutePermission = 'public' | 'authenticated' | { code: string } | { anyOf: readonly string[] };

export function hasPermission(actor: Actor, code: string): boolean {
  return actor.isAdmin || actor.permissions.has(code);
}

/** Whether the actor holds what a route requires beyond being signed in. */
export function meetsPermission(actor: Actor, permission: Exclude<RoutePermission, 'public'>): boolean {
  if (permission === 'authenticated') return true;
  if ('anyOf' in permission) return permission.anyOf.some((code) => hasPermission(actor, code));
  return hasPermission(actor, permission.code);
}

/** Whether two reads of a session answered the same actor: who, where, and what it may do. */
export function isSameActor(a: Actor, b: Actor): boolean {
  return (
    a.tenantId === b.tenantId &&
    a.userId === b.userId &&
    a.sessionId === b.sessionId &&
    a.username === b.username &&
    a.userRole === b.userRole &&
    a.sellerId === b.sellerId &&
    a.orgCode === b.orgCode &&
    a.isAdmin === b.isAdmin &&
    (a.language ?? null) === (b.language ?? null) &&
    a.permissions.size === b.permissions.size &&
    [...a.permissions].every((code) => b.permissions.has(code))
  );
}
