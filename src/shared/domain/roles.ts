/**
 * The user roles of spec 01 §6. `userRole` on a user decides the header, the order list a
 * notification links to and the tutorial videos; what a user may do comes from permissions.
 */
export const USER_ROLES = [
  'admin',
  'agent_manager',
  'ware_manager',
  'ware_staff',
  'customer_service',
  'system_service',
  'seller',
  'seller_staff',
  'distributor',
  'supplier',
  'employee',
] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Roles that act for a seller and see only that seller's data. */
export const SELLER_SIDE_ROLES: readonly UserRole[] = ['seller', 'seller_staff'];

/** Roles that work in warehouses and see only the warehouses they are assigned to. */
export const WAREHOUSE_ROLES: readonly UserRole[] = ['ware_manager', 'ware_staff'];

export function isSellerSide(role: UserRole): boolean {
  return SELLER_SIDE_ROLES.includes(role);
}

/** User status: 1 normal, 2 frozen (the spec's frozenBatch). */
export const USER_STATUS = { normal: 1, frozen: 2 } as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];
