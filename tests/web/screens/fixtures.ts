/** Users, pages and sign-in state the screen tests share. */
import { sessionStore } from '@api/storage.js';
import type { Page } from '@shared/contract/common.js';
import type { UserView } from '@shared/contract/system-admin.js';
import type { UserRole } from '@shared/domain/roles.js';
import type { PermissionCode } from '@shared/permissions.js';
import { userWithRole } from '../shell/fixtures.js';

/** Signs in as `role` holding exactly the button permissions `codes`. */
export function signIn(role: UserRole, codes: readonly PermissionCode[]) {
  const user = userWithRole(role);
  sessionStore.save('token-1', user);
  sessionStore.saveAuth(
    codes.map((action) => ({ action, describe: action, type: '1' })),
    [],
  );
  return user;
}

let sequence = 0;
export function userRecord(overrides: Partial<UserView> = {}): UserView {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    username: `user${sequence}`,
    realname: `User ${sequence}`,
    nickname: '',
    avatar: null,
    phone: null,
    email: null,
    userRole: 'ware_staff',
    sellerId: null,
    orgCode: 'A01',
    status: 1,
    lastLoginAt: null,
    createdAt: '2024-05-01T08:00:00.000Z',
    ...overrides,
  };
}

export function pageOf<T>(records: T[], total: number, current = 1, size = 10): Page<T> {
  return { records, total, current, size, pages: Math.max(1, Math.ceil(total / size)) };
}

export const ROLE_ITEMS = [
  { value: 'ware_staff', text: 'Warehouse staff', title: 'Warehouse staff', label: 'Warehouse staff' },
  { value: 'seller', text: 'Seller', title: 'Seller', label: 'Seller' },
];
