/**
 * Button permissions: the permission call keeps the granted authorisation list in
 * session storage under LOGIN_USER_BUTTON_AUTH; a button shows only when its code is there.
 */
import { STORAGE_KEYS } from '@api/storage.js';
import type { PermissionCode } from '@shared/permissions.js';

function actionOf(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const action: unknown = Reflect.get(item, 'action');
  return typeof action === 'string' ? action : null;
}

/** The granted codes; an unreadable list grants nothing. */
export function grantedCodes(): Set<string> {
  const raw = sessionStorage.getItem(STORAGE_KEYS.auth);
  if (!raw) return new Set();
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return new Set();
    return new Set(list.map(actionOf).filter((action): action is string => action !== null));
  } catch {
    return new Set();
  }
}

/** True when the signed-in user holds the button permission `code`. */
export function hasAuth(code: PermissionCode): boolean {
  return grantedCodes().has(code);
}
