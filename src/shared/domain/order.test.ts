import { describe, expect, it } from 'vitest';
import {
  canOrderTransition,
  canWarehouseTransition,
  LOCAL_ORDER_STATUSES,
  LOCAL_TRANSITIONS,
  normalisePlatformStatus,
  ORDER_TABS,
  parcelTypeOf,
  PLATFORM_STATUSES,
  PLATFORM_TO_LOCAL,
  platformMove,
  TAB_STATUSES,
  WAREHOUSE_STATUSES,
} from './order.js';

describe('platform statuses', () => {
  it('reads every spelling the marketplaces and tables use', () => {
    expect(normalisePlatformStatus('READYTOSHIP')).toBe('READY_TO_SHIP');
    expect(normalisePlatformStatus('ready_to_ship')).toBe('READY_TO_SHIP');
    expect(normalisePlatformStatus('Ready To Ship')).toBe('READY_TO_SHIP');
    expect(normalisePlatformStatus('CONFIRMRECEIVEPAY')).toBe('TO_CONFIRM_RECEIVE_PAY');
    expect(normalisePlatformStatus('TOCONFIRMRECEIVEPAY')).toBe('TO_CONFIRM_RECEIVE_PAY');
    expect(normalisePlatformStatus('THIRDSHIPPED')).toBe('THIRD_SHIPPED');
    expect(normalisePlatformStatus('INCANCEL')).toBe('IN_CANCEL');
    for (const status of PLATFORM_STATUSES) expect(normalisePlatformStatus(status)).toBe(status);
  });

  it('knows no status it was not told of', () => {
    expect(normalisePlatformStatus('LOST_IN_SPACE')).toBeNull();
    expect(normalisePlatformStatus('')).toBeNull();
  });

  it('maps every platform status to a local one', () => {
    for (const status of PLATFORM_STATUSES) expect(LOCAL_ORDER_STATUSES).toContain(PLATFORM_TO_LOCAL[status]);
  });
});

describe('a platform status moving an order', () => {
  it('moves a paid order into review and a shipped one along', () => {
    expect(platformMove('unpaid', 'READY_TO_SHIP')).toBe('to_review');
    expect(platformMove('shipped', 'IN_TRANSIT')).toBe('in_transit');
    expect(platformMove('in_transit', 'COMPLETED')).toBe('completed');
    expect(platformMove('pending_shipment', 'IN_CANCEL')).toBe('in_cancellation');
    expect(platformMove('in_cancellation', 'CANCELLED')).toBe('cancelled');
  });

  it('never undoes what the warehouse or a reviewer did', () => {
    // READY_TO_SHIP again after the review: the order stays pending shipment.
    expect(platformMove('pending_shipment', 'READY_TO_SHIP')).toBeNull();
    expect(platformMove('shipped', 'READY_TO_SHIP')).toBeNull();
    expect(platformMove('completed', 'IN_TRANSIT')).toBeNull();
  });

  it('answers no move for a cancellation the lifecycle cannot take, so a person decides', () => {
    expect(platformMove('shipped', 'CANCELLED')).toBeNull();
    expect(platformMove('cancelled', 'CANCELLED')).toBeNull();
  });
});

describe('order transitions', () => {
  it('lets a status stay and ends at cancelled', () => {
    for (const status of LOCAL_ORDER_STATUSES) expect(canOrderTransition(status, status)).toBe(true);
    expect(LOCAL_TRANSITIONS.cancelled).toEqual([]);
    expect(canOrderTransition('shipped', 'cancelled')).toBe(false);
    expect(canOrderTransition('to_review', 'shipped')).toBe(false);
  });

  it('names only known statuses', () => {
    for (const targets of Object.values(LOCAL_TRANSITIONS))
      for (const target of targets) expect(LOCAL_ORDER_STATUSES).toContain(target);
  });

  it('walks the floor forward, with a repack and a short pick going back a step', () => {
    expect(canWarehouseTransition('to_pick', 'picking')).toBe(true);
    expect(canWarehouseTransition('picking', 'to_pick')).toBe(true);
    expect(canWarehouseTransition('packed', 'picked')).toBe(true);
    expect(canWarehouseTransition('delivered', 'packed')).toBe(false);
    expect(canWarehouseTransition('to_pick', 'packed')).toBe(false);
    expect(WAREHOUSE_STATUSES.at(-1)).toBe('delivered');
  });
});

describe('tabs and parcel types', () => {
  it('puts every local status under exactly one tab', () => {
    const tabbed = Object.values(TAB_STATUSES).flat();
    expect([...tabbed].sort()).toEqual([...LOCAL_ORDER_STATUSES].sort());
    expect(ORDER_TABS).toContain('problem');
  });

  it('derives the parcel type from the lines', () => {
    expect(parcelTypeOf([{ skuId: 'a', quantity: 1 }])).toBe('single_single');
    expect(parcelTypeOf([{ skuId: 'a', quantity: 3 }])).toBe('single_multi');
    expect(
      parcelTypeOf([
        { skuId: 'a', quantity: 1 },
        { skuId: 'a', quantity: 1 },
      ]),
    ).toBe('single_multi');
    expect(
      parcelTypeOf([
        { skuId: 'a', quantity: 1 },
        { skuId: 'b', quantity: 1 },
      ]),
    ).toBe('multi');
  });
});
