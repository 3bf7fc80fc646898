/**
 * Where a pending order question links to: the order list of the role,
 * searched by the order number, and the feedback page of the role.
 */
import { isSellerSide, type UserRole } from '@shared/domain/roles.js';

export function orderListLink(role: UserRole, ordersn: string): string {
  const query = new URLSearchParams({ searchTrackingNo: ordersn, type: 'all' }).toString();
  if (isSellerSide(role)) return `/order/manage/seller?${query}`;
  if (role === 'ware_manager') return `/order/manager/ware?${query}`;
  return `/agent/order/new?${query}`;
}

export function feedbackLink(role: UserRole, ordersn: string): string {
  const query = new URLSearchParams({ ordersn }).toString();
  return isSellerSide(role) ? `/shopee/orderFeedbackSeller?${query}` : `/shopee/orderFeedback?${query}`;
}
