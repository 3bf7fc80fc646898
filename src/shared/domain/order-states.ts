/**
 * Where each local order state of spec 02 §4 lives in this product. The spec lists 23 labels in
 * one row ('Local order'); the product keeps a smaller lifecycle (LOCAL_STATUSES) because several
 * labels are not states of an order's life but views of it (a tab), facts beside it (an open
 * exception, a flag), the warehouse's own progress (WAREHOUSE_STATUSES) or states of another
 * document (a return, an inbound order). Every label is one of these, or not applicable with the
 * reason; `order-states.test.ts` checks that each one mapped to a local status can be reached
 * from a platform status or a warehouse step, so no label names a state the product never enters.
 * The order-status dictionary (dictionaries.ts 'order_status') lists the same 23 values.
 */
import type { InboundStatus } from './inbound.js';
import type { ExceptionReason, LocalStatus, OrderTab, PlatformStatus, WarehouseStatus } from './order.js';
import type { ReturnStatus } from './returns.js';

export type SpecLocalState =
  /** One of the order's local statuses; `from` names how it is entered. */
  | { kind: 'local_status'; status: LocalStatus; from: { platform?: PlatformStatus[]; step?: string } }
  /** A tab of the order list over several statuses. */
  | { kind: 'tab'; tab: OrderTab }
  /** An open exception on an order in whatever status it has. */
  | { kind: 'exception'; reason: ExceptionReason }
  /** The warehouse's own progress on the order, beside its local status. */
  | { kind: 'warehouse_status'; status: WarehouseStatus }
  /** A state of the order's return parcel. */
  | { kind: 'return_status'; status: ReturnStatus }
  /** A state of an inbound order (goods arriving), not of a sales order. */
  | { kind: 'inbound_status'; status: InboundStatus }
  | { kind: 'not_applicable'; why: string };

/** The spec's local order states, by their dictionary value ('order_status'). */
export const SPEC_LOCAL_STATES = {
  to_handle: { kind: 'tab', tab: 'to_review' },
  to_review: { kind: 'local_status', status: 'to_review', from: { platform: ['READY_TO_SHIP'] } },
  ready_to_ship: {
    kind: 'local_status',
    status: 'pending_shipment',
    from: { step: 'review passed (orders/review/pass)' },
  },
  shipped: {
    kind: 'local_status',
    status: 'shipped',
    from: { platform: ['SHIPPED', 'STARTSHIP'], step: 'handed over to the carrier (PDA handover)' },
  },
  completed: { kind: 'local_status', status: 'completed', from: { platform: ['COMPLETED'] } },
  cancelled: {
    kind: 'local_status',
    status: 'cancelled',
    from: { platform: ['CANCELLED'], step: 'cancelled by hand (orders/cancel)' },
  },
  to_return: { kind: 'local_status', status: 'to_return', from: { platform: ['TO_RETURN'] } },
  to_confirm_receive: {
    kind: 'local_status',
    status: 'to_confirm_receipt',
    from: { platform: ['TO_CONFIRM_RECEIVE'] },
  },
  in_cancel: { kind: 'local_status', status: 'in_cancellation', from: { platform: ['IN_CANCEL'] } },
  unpaid: { kind: 'local_status', status: 'unpaid', from: { platform: ['UNPAID'] } },
  cod_pending: {
    kind: 'not_applicable',
    why:
      'Cash on delivery is settled between the buyer, the marketplace and its carrier; the marketplaces ' +
      "report a COD order as ready to ship (TO_CONFIRM_RECEIVE_PAY is Shopee's COD order awaiting the " +
      'seller), so it enters review like any other and no sync ever reports a separate COD-pending state.',
  },
  retry_ship: {
    kind: 'local_status',
    status: 'to_review',
    from: { platform: ['RETRY_SHIP'] },
  },
  third_shipped: {
    kind: 'exception',
    reason: 'shipped_outside_warehouse',
  },
  in_transit: { kind: 'local_status', status: 'in_transit', from: { platform: ['IN_TRANSIT'] } },
  delivered: { kind: 'warehouse_status', status: 'delivered' },
  problem: { kind: 'tab', tab: 'problem' },
  shelved: {
    kind: 'not_applicable',
    why:
      "An order is never shelved here: goods are shelved (inbound's shelving), and a return's goods go " +
      "back on a shelf as the return's 'returned processed' with its items reshelved.",
  },
  out_of_stock: { kind: 'exception', reason: 'out_of_stock' },
  need_package: { kind: 'warehouse_status', status: 'to_be_packed' },
  send_out: { kind: 'warehouse_status', status: 'to_be_delivered' },
  send_back: { kind: 'return_status', status: 'returned_unprocessed' },
  received: { kind: 'inbound_status', status: 'received' },
  partially_received: { kind: 'inbound_status', status: 'partial' },
} as const satisfies Record<string, SpecLocalState>;
