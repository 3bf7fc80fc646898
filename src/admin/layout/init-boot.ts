/**
 * The 'Initialize boot' shortcut: a short guide through the first steps for
 * agent managers and sellers. Whether a user finished it is kept per user in this browser's
 * localStorage; the button shows only on the home page and only until then.
 */
import type { UserRole } from '@shared/domain/roles.js';
import { HOME_PATH } from './tabs.js';

export const INIT_BOOT_ROLES: readonly UserRole[] = ['agent_manager', 'seller'];

const storageKey = (userId: string) => `shell.initBootDone.${userId}`;

export function isInitBootDone(userId: string): boolean {
  return localStorage.getItem(storageKey(userId)) === '1';
}

export function markInitBootDone(userId: string): void {
  localStorage.setItem(storageKey(userId), '1');
}

export function shouldShowInitBoot(role: UserRole, pathname: string, isDone: boolean): boolean {
  return INIT_BOOT_ROLES.includes(role) && pathname === HOME_PATH && !isDone;
}

/** The guide's steps for a role, as keys under shell:init_boot.steps. */
export function initBootSteps(role: UserRole): string[] {
  return role === 'seller'
    ? ['seller_shops', 'seller_products', 'seller_wallet', 'seller_sync', 'seller_inbound']
    : ['agent_warehouses', 'agent_staff', 'agent_channels', 'agent_charges', 'agent_announcement'];
}
