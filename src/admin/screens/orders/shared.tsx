/**
 * Pieces the order screens share: the labels of the order vocabulary (statuses, types,
 * platforms, tags, problems) in the viewer's language, the status tag, amounts in the order's
 * currency, and who may do what (the permission, and whether the order's status allows it).
 */
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@shared/contract/orders.js';
import {
  canAct,
  CURRENCY_DECIMALS,
  EXCEPTION_REASONS,
  LOCAL_STATUSES,
  majorUnits,
  ORDER_TABS,
  ORDER_TAGS,
  ORDER_TYPES,
  PARCEL_TYPES,
  PLATFORMS,
  SHIP_TIME_FILTERS,
  WAREHOUSE_STATUSES,
  type LocalStatus,
  type OrderAction,
  type OrderCurrency,
  type OrderTag,
} from '@shared/domain/order.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';

const STATUS_COLOURS: Record<LocalStatus, string> = {
  unpaid: 'default',
  to_review: 'gold',
  pending_shipment: 'blue',
  in_cancellation: 'orange',
  shipped: 'cyan',
  in_transit: 'cyan',
  to_confirm_receipt: 'geekblue',
  delivered: 'green',
  completed: 'green',
  to_return: 'magenta',
  cancelled: 'default',
};

const TAG_COLOURS: Record<OrderTag, string> = {
  pre_brushed: 'purple',
  urgent: 'red',
  evaluation: 'blue',
  problem: 'volcano',
  out_of_stock: 'orange',
};

/** Labels and select options of one list of values, from the orders namespace. */
function labelsOf(t: (key: string) => string, group: string, values: readonly string[]) {
  const label = (value: string) => t(`${group}.${value}`);
  return { label, options: values.map((value) => ({ value, label: label(value) })) };
}

/** The order vocabulary in the viewer's language. */
export function useOrderLabels() {
  const { t } = useTranslation('orders');
  return useMemo(
    () => ({
      status: labelsOf(t, 'status', LOCAL_STATUSES),
      warehouseStatus: labelsOf(t, 'warehouse_status', WAREHOUSE_STATUSES),
      type: labelsOf(t, 'type', ORDER_TYPES),
      platform: labelsOf(t, 'platform', PLATFORMS),
      tag: labelsOf(t, 'tag', ORDER_TAGS),
      problem: labelsOf(t, 'problem', EXCEPTION_REASONS),
      parcel: labelsOf(t, 'parcel', PARCEL_TYPES),
      tab: labelsOf(t, 'tab', ORDER_TABS),
      shipTime: labelsOf(t, 'ship_time', SHIP_TIME_FILTERS),
    }),
    [t],
  );
}

export function StatusTag({ status }: { status: LocalStatus }) {
  const labels = useOrderLabels();
  return <Tag color={STATUS_COLOURS[status]}>{labels.status.label(status)}</Tag>;
}

export function OrderTags({ tags }: { tags: readonly OrderTag[] }) {
  const labels = useOrderLabels();
  if (tags.length === 0) return null;
  return (
    <>
      {tags.map((tag) => (
        <Tag key={tag} color={TAG_COLOURS[tag]} style={{ marginInlineEnd: 4 }}>
          {labels.tag.label(tag)}
        </Tag>
      ))}
    </>
  );
}

/** An amount in minor units as the currency writes it: "THB 299.00", "TWD 29,900". */
export function formatAmount(minor: number, currency: OrderCurrency): string {
  const digits = CURRENCY_DECIMALS[currency];
  const amount = majorUnits(minor, currency).toLocaleString(undefined, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${currency} ${amount}`;
}

/** Statuses before the parcel leaves: the ship-by countdown runs only for them. */
export const WAITING_STATUSES: readonly LocalStatus[] = [
  'unpaid',
  'to_review',
  'pending_shipment',
  'in_cancellation',
];

/** The permission each hand action needs. */
export const ACTION_PERMISSIONS = {
  cancel: PERMISSIONS.orderEdit,
  reviewPass: PERMISSIONS.orderReview,
  reviewReject: PERMISSIONS.orderReview,
  markOutOfStock: PERMISSIONS.orderEdit,
  merge: PERMISSIONS.orderEdit,
  split: PERMISSIONS.orderEdit,
} as const satisfies Record<OrderAction, string>;

/** Whether the viewer holds the action's permission (the button is shown at all). */
export function mayAct(action: OrderAction): boolean {
  return hasAuth(ACTION_PERMISSIONS[action]);
}

/**
 * Whether the lifecycle table (src/shared/domain/order.ts) allows the action on every one of
 * the orders; a combined order is neither merged again nor split, and an order with items not
 * matched to SKUs cannot pass review (it could not ship what was sold).
 */
export function allowsAll(
  action: OrderAction,
  orders: readonly Pick<OrderRow, 'localStatus' | 'orderType' | 'problems'>[],
) {
  return orders.every(
    (order) =>
      canAct(action, order.localStatus) &&
      !((action === 'merge' || action === 'split') && order.orderType === 'combined') &&
      !(action === 'reviewPass' && order.problems.includes('unmatched_sku')),
  );
}
