/**
 * Where a pending order question links to: the order list of the role (the one its menu holds,
 * src/shared/menu.ts), searched by the order number, and the feedback page of the role.
 */
import { isSellerSide, WAREHOUSE_ROLES, type UserRole } from '@shared/domain/roles.js';

export function orderListLink(role: UserRole, ordersn: string): string {
  const query = new URLSearchParams({ searchTrackingNo: ordersn, type: 'all' }).toString();
  if (isSellerSide(role)) return `/order/manage/seller?${query}`;
  if (WAREHOUSE_ROLES.includes(role)) return `/order/manager/ware?${query}`;
  return `/agent/order/new?${query}`;
}

export function feedbackLink(role: UserRole, ordersn: string): string {
  const query = new URLSearchParams({ ordersn }).toString();
  return isSellerSide(role) ? `/shopee/orderFeedbackSeller?${query}` : `/shopee/orderFeedback?${query}`;
}
