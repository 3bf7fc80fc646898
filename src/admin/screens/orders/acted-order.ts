/**
 * What a hand action on orders is about: which action, and what it needs to know of each order.
 * Apart from the dialogs so the list, the drawer and every dialog can name them.
 */
import type { OrderRow } from '@shared/contract/orders.js';

/** What an action needs to know of an order. */
export type ActedOrder = Pick<
  OrderRow,
  | 'id'
  | 'orderNo'
  | 'systemNo'
  | 'localStatus'
  | 'orderType'
  | 'buyerName'
  | 'recipientName'
  | 'warehouseCode'
  | 'sellerId'
  | 'currency'
  | 'problems'
>;

export type ActionKind =
  'cancel' | 'reviewPass' | 'reviewReject' | 'markOutOfStock' | 'merge' | 'split' | 'tags';
