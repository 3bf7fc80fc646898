import { describe, expect, it } from 'vitest';
import {
  canAct,
  canTransition,
  canWarehouseTransition,
  holdsStock,
  LOCAL_STATUSES,
  localStatusAfterPlatform,
  majorUnits,
  minorUnits,
  normalisePlatformStatus,
  parcelTypeOf,
  WAREHOUSE_STATUSES,
  PLATFORM_STATUSES,
  PLATFORM_TO_LOCAL,
  SHIPPED_ONWARDS,
} from './order.js';

describe('the local order lifecycle', () => {
  it('lets an order not yet approved follow its platform when it was shipped outside the warehouse', () => {
    expect(localStatusAfterPlatform('to_review', 'SHIPPED')).toBe('shipped');
    expect(localStatusAfterPlatform('to_review', 'COMPLETED')).toBe('completed');
    expect(localStatusAfterPlatform('unpaid', 'COMPLETED')).toBe('completed');
  });

  it('lets an approved order follow a platform that shipped it, whichever later status the sync reads first', () => {
    // The sync reads an order's latest status: one shipped by the seller and read only once it
    // was completed never passes through SHIPPED here.
    for (const platform of [
      'SHIPPED',
      'IN_TRANSIT',
      'TO_CONFIRM_RECEIVE',
      'COMPLETED',
      'TO_RETURN',
    ] as const) {
      expect(localStatusAfterPlatform('pending_shipment', platform)).toBe(PLATFORM_TO_LOCAL[platform]);
      expect(localStatusAfterPlatform('in_cancellation', platform)).toBe(PLATFORM_TO_LOCAL[platform]);
    }
    expect(localStatusAfterPlatform('completed', 'SHIPPED')).toBe('completed');
  });

  it('follows a platform that cancels or refunds after the parcel left, and a return that ended with the sale standing', () => {
    for (const status of SHIPPED_ONWARDS)
      expect(localStatusAfterPlatform(status, 'CANCELLED')).toBe('cancelled');
    expect(localStatusAfterPlatform('to_return', 'COMPLETED')).toBe('completed');
    expect(localStatusAfterPlatform('unpaid', 'IN_CANCEL')).toBe('in_cancellation');
  });

  it('lets an approved order ship or be cancelled, and never brings a cancelled one back', () => {
    expect(canTransition('to_review', 'pending_shipment')).toBe(true);
    expect(canTransition('pending_shipment', 'shipped')).toBe(true);
    expect(canTransition('pending_shipment', 'cancelled')).toBe(true);
    for (const status of LOCAL_STATUSES)
      expect(canTransition('cancelled', status)).toBe(status === 'cancelled');
  });

  it('refuses going back from shipped to review or pending shipment', () => {
    expect(canTransition('shipped', 'to_review')).toBe(false);
    expect(canTransition('shipped', 'pending_shipment')).toBe(false);
    expect(canTransition('pending_shipment', 'to_review')).toBe(false);
  });

  it('holds stock only while pending shipment or in cancellation', () => {
    expect(LOCAL_STATUSES.filter(holdsStock)).toEqual(['pending_shipment', 'in_cancellation']);
  });

  it('offers review only to orders to review, and cancel never after shipment', () => {
    expect(canAct('reviewPass', 'to_review')).toBe(true);
    expect(canAct('reviewPass', 'pending_shipment')).toBe(false);
    expect(canAct('cancel', 'shipped')).toBe(false);
  });
});

describe('the warehouse-side lifecycle', () => {
  it('runs pick, pack, bag, deliver and refuses skipping back from delivered', () => {
    expect(canWarehouseTransition('none', 'picking')).toBe(true);
    expect(canWarehouseTransition('picked', 'packed')).toBe(true);
    expect(canWarehouseTransition('packed', 'bagged')).toBe(true);
    expect(canWarehouseTransition('delivered', 'picking')).toBe(false);
    expect(canWarehouseTransition('none', 'packed')).toBe(false);
  });

  it('allows the steps the warehouse takes: a one-order pick, unbagging, handing over unbagged, putting back', () => {
    expect(canWarehouseTransition('none', 'picked')).toBe(true);
    expect(canWarehouseTransition('bagged', 'packed')).toBe(true);
    for (const from of ['packed', 'repacked', 'bagged'] as const)
      expect(canWarehouseTransition(from, 'delivered'), from).toBe(true);
    for (const from of WAREHOUSE_STATUSES.filter((status) => status !== 'delivered'))
      expect(canWarehouseTransition(from, 'none'), from).toBe(true);
    expect(canWarehouseTransition('delivered', 'none')).toBe(false);
    expect(canWarehouseTransition('picking', 'bagged')).toBe(false);
  });
});

describe('platform statuses', () => {
  it('normalises the underscore-less and lower-case spellings', () => {
    expect(normalisePlatformStatus('READYTOSHIP')).toBe('READY_TO_SHIP');
    expect(normalisePlatformStatus('ready_to_ship')).toBe('READY_TO_SHIP');
    expect(normalisePlatformStatus('CONFIRMRECEIVEPAY')).toBe('TO_CONFIRM_RECEIVE_PAY');
    expect(normalisePlatformStatus('TOCONFIRMRECEIVE')).toBe('TO_CONFIRM_RECEIVE');
    expect(normalisePlatformStatus('in-cancel')).toBe('IN_CANCEL');
    expect(normalisePlatformStatus('SOMETHING_ELSE')).toBeNull();
  });

  it('maps every platform status to a local status', () => {
    for (const status of PLATFORM_STATUSES) expect(LOCAL_STATUSES).toContain(PLATFORM_TO_LOCAL[status]);
  });

  it('moves the local status only where the table allows', () => {
    expect(localStatusAfterPlatform('unpaid', 'READY_TO_SHIP')).toBe('to_review');
    expect(localStatusAfterPlatform('pending_shipment', 'READY_TO_SHIP')).toBe('pending_shipment');
    expect(localStatusAfterPlatform('pending_shipment', 'CANCELLED')).toBe('cancelled');
    expect(localStatusAfterPlatform('cancelled', 'SHIPPED')).toBe('cancelled');
  });

  it('sends an order whose cancellation was refused back where it was, pending shipment when it arrived in cancellation', () => {
    expect(localStatusAfterPlatform('in_cancellation', 'READY_TO_SHIP')).toBe('pending_shipment');
    expect(localStatusAfterPlatform('in_cancellation', 'READY_TO_SHIP', 'pending_shipment')).toBe(
      'pending_shipment',
    );
    expect(localStatusAfterPlatform('in_cancellation', 'RETRY_SHIP', 'to_review')).toBe('to_review');
    expect(localStatusAfterPlatform('in_cancellation', 'CANCELLED', 'to_review')).toBe('cancelled');
    expect(holdsStock('in_cancellation')).toBe(true);
  });
});

describe('parcel type', () => {
  it('derives single-single, single-multi and multi from the lines', () => {
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

describe('amounts in minor units', () => {
  it('reads and writes them in the currency’s major unit', () => {
    expect(majorUnits(29_900, 'THB')).toBe(299);
    expect(majorUnits(29_900, 'TWD')).toBe(29_900);
    expect(minorUnits(299.5, 'THB')).toBe(29_950);
    expect(minorUnits(0.1 + 0.2, 'CNY')).toBe(30);
    expect(minorUnits(15_000, 'VND')).toBe(15_000);
  });
});
